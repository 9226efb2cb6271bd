package web

// metrics.go: /metrics in the Prometheus format and /healthz. The server
// has a registry of its own (no global state): its HTTP requests and
// event streams, and what the store says (games in play, the outbox's
// backlog); Collect adds others' (the router's replies, the engine).

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	streams  prometheus.Gauge
	events   prometheus.Counter
	changes  prometheus.Counter
}

func newMetrics(s *Server) *metrics {
	m := &metrics{reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "oyunbot_http_requests_total",
			Help: "HTTP requests served, by page kind and status code."}, []string{"page", "code"}),
		streams: prometheus.NewGauge(prometheus.GaugeOpts{Name: "oyunbot_web_streams_open",
			Help: "Open event streams (live pages)."}),
		events: prometheus.NewCounter(prometheus.CounterOpts{Name: "oyunbot_web_events_total",
			Help: "Game states sent to open pages."}),
		changes: prometheus.NewCounter(prometheus.CounterOpts{Name: "oyunbot_game_changes_total",
			Help: "Games and tournaments stored with a change (a move, an end, a round)."}),
	}
	stat := func(f func(context.Context) (int, error)) func() float64 {
		return func() float64 {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			n, err := f(ctx)
			if err != nil {
				return -1
			}
			return float64(n)
		}
	}
	m.reg.MustRegister(m.requests, m.streams, m.events, m.changes,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "oyunbot_games_in_play",
			Help: "Unfinished games in the store (-1: the store did not answer)."}, stat(s.cfg.Store.GamesInPlay)),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "oyunbot_outbox_depth",
			Help: "Replies waiting for their platform (-1: the store did not answer)."}, stat(s.cfg.Store.OutboxDepth)),
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Collect adds c's metrics to /metrics (the router's, the engine's).
func (s *Server) Collect(c prometheus.Collector) error { return s.m.reg.Register(c) }

// metricsPage serves /metrics.
func (s *Server) metricsPage() http.Handler {
	return promhttp.HandlerFor(s.m.reg, promhttp.HandlerOpts{})
}

// health is /healthz: 200 when the store answers, 503 when it does not,
// with the figures as JSON.
func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	out := struct {
		OK          bool   `json:"ok"`
		Store       string `json:"store"`
		Outbox      int    `json:"outbox"`
		GamesInPlay int    `json:"games_in_play"`
		Streams     int    `json:"streams"`
	}{OK: true, Store: "ok"}
	if err := s.cfg.Store.Ping(ctx); err != nil {
		out.OK, out.Store = false, err.Error()
	} else {
		out.Outbox, _ = s.cfg.Store.OutboxDepth(ctx)
		out.GamesInPlay, _ = s.cfg.Store.GamesInPlay(ctx)
	}
	s.hub.mu.Lock()
	out.Streams = s.hub.total
	s.hub.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if !out.OK {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	json.NewEncoder(w).Encode(out)
}
