package web

// metrics.go: /metrics in the Prometheus format and /healthz. The figures
// have a registry of their own (no global state): the pages' requests and
// event streams, what the store says (games in play, the outbox), and what
// the bot's parts count through Metrics' wrappers (the replies sent, the
// engine's searches, the moves stored).

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/sessions"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are the figures /metrics shows. Make them first (NewMetrics), to
// count the replies and the engine's searches with (Sender, Engine), and
// give them to the Server (Config.Metrics).
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	streams  prometheus.Gauge
	conns    prometheus.Gauge
	refused  prometheus.Counter
	events   prometheus.Counter
	held     prometheus.Counter
	changes  prometheus.Counter
	replies  *prometheus.CounterVec
	search   prometheus.Histogram
	jobs     func() (queued, running int) // the engine's (Jobs), nil before
}

// NewMetrics returns the server's figures, zero.
func NewMetrics() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "oyunbot_http_requests_total",
			Help: "HTTP requests served, by page kind and status code."}, []string{"page", "code"}),
		streams: prometheus.NewGauge(prometheus.GaugeOpts{Name: "oyunbot_web_streams_open",
			Help: "Open event streams (live pages)."}),
		conns: prometheus.NewGauge(prometheus.GaugeOpts{Name: "oyunbot_web_connections_open",
			Help: "Open connections to the pages (event streams included)."}),
		refused: prometheus.NewCounter(prometheus.CounterOpts{Name: "oyunbot_web_connections_refused_total",
			Help: "Connections refused (503) over the caps of one address or of all."}),
		events: prometheus.NewCounter(prometheus.CounterOpts{Name: "oyunbot_web_events_total",
			Help: "Game states sent to open pages."}),
		held: prometheus.NewCounter(prometheus.CounterOpts{Name: "oyunbot_web_ends_held_total",
			Help: "Rated games' ends held back from their pages until their ratings were stored."}),
		replies: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "oyunbot_replies_total",
			Help: "Replies handed to their platform, by platform and outcome (failed: retried until given up)."},
			[]string{"platform", "outcome"}),
		search: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "oyunbot_engine_search_seconds",
			Help: "The engine's searches of the bot's moves and hints.", Buckets: prometheus.ExponentialBuckets(0.001, 4, 9)}),
		changes: prometheus.NewCounter(prometheus.CounterOpts{Name: "oyunbot_game_changes_total",
			Help: "Games and tournaments stored with a change (a move, an end, a round)."}),
	}
	m.reg.MustRegister(m.requests, m.streams, m.conns, m.refused, m.events, m.held, m.changes, m.replies, m.search,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// storeGauges shows what store says: games in play, the outbox.
func (m *Metrics) storeGauges(store Store) error {
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
	gauges := []prometheus.Collector{
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "oyunbot_games_in_play",
			Help: "Unfinished games in the store (-1: the store did not answer)."}, stat(store.GamesInPlay)),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "oyunbot_outbox_depth",
			Help: "Replies waiting for their platform (-1: the store did not answer)."}, stat(store.OutboxDepth))}
	if a, ok := store.(interface {
		OutboxAbandoned(ctx context.Context) (int, error)
	}); ok {
		gauges = append(gauges, prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "oyunbot_replies_given_up",
			Help: "Replies given up (stale or failed) that the outbox keeps (-1: the store did not answer)."},
			stat(a.OutboxAbandoned)))
	}
	for _, g := range gauges {
		// A server made again on the same figures (a restart) keeps the
		// first's.
		if err := m.reg.Register(g); err != nil && !errors.As(err, new(prometheus.AlreadyRegisteredError)) {
			return err
		}
	}
	return nil
}

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
		Version     string `json:"version,omitempty"`
		Store       string `json:"store"`
		Outbox      int    `json:"outbox"`
		GamesInPlay int    `json:"games_in_play"`
		Streams     int    `json:"streams"`
		EngineQueue int    `json:"engine_queue"`
		EngineBusy  int    `json:"engine_running"`
	}{OK: true, Store: "ok", Version: s.cfg.Version}
	if s.m.jobs != nil {
		out.EngineQueue, out.EngineBusy = s.m.jobs()
	}
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

// Sender counts the replies s sends for platform (oyunbot_replies_total:
// sent, or failed, which the outbox retries until it gives up).
func (m *Metrics) Sender(platform string, next chat.Sender) chat.Sender {
	return countingSender{next: next, sent: m.replies.WithLabelValues(platform, "sent"),
		failed: m.replies.WithLabelValues(platform, "failed")}
}

type countingSender struct {
	next         chat.Sender
	sent, failed prometheus.Counter
}

func (c countingSender) Send(ctx context.Context, r chat.Reply) error {
	err := c.next.Send(ctx, r)
	if err != nil {
		c.failed.Inc()
	} else {
		c.sent.Inc()
	}
	return err
}

// Engine times the searches of the engines newEngine makes
// (oyunbot_engine_search_seconds).
func (m *Metrics) Engine(newEngine func() sessions.Engine) func() sessions.Engine {
	return func() sessions.Engine { return timedEngine{next: newEngine(), h: m.search} }
}

type timedEngine struct {
	next sessions.Engine
	h    prometheus.Histogram
}

func (e timedEngine) Choose(ctx context.Context, p ai.Position, lvl ai.Level, rng *rand.Rand) ai.Result {
	start := time.Now()
	defer func() { e.h.Observe(time.Since(start).Seconds()) }()
	return e.next.Choose(ctx, p, lvl, rng)
}

// Jobs shows the engine's queue (sessions.Manager.EngineJobs) as
// oyunbot_engine_jobs{state="queued"|"running"}.
func (m *Metrics) Jobs(jobs func() (queued, running int)) error {
	m.jobs = jobs
	for _, state := range []string{"queued", "running"} {
		err := m.reg.Register(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "oyunbot_engine_jobs",
			Help: "The engine's jobs (the bot's moves, hints), waiting or running.", ConstLabels: prometheus.Labels{"state": state}},
			func() float64 {
				q, r := jobs()
				if state == "queued" {
					return float64(q)
				}
				return float64(r)
			}))
		if err != nil {
			return err
		}
	}
	return nil
}

// Moves shows moves, the moves stored (Watched.Moves), as
// oyunbot_moves_total.
func (m *Metrics) Moves(moves func() uint64) error {
	return m.reg.Register(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "oyunbot_moves_total",
		Help: "Moves stored since the start (this process's)."}, func() float64 { return float64(moves()) }))
}
