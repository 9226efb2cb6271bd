package main

// healthcheck.go: `bot healthcheck`, a container's health probe that needs
// no shell or curl (the image is distroless): it asks the running bot's
// /healthz and exits 0 when the answer is 200.

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"time"
)

// runHealthcheck is `bot healthcheck [-url URL] [-timeout D] [-optional]`.
func runHealthcheck(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("healthcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	url := fs.String("url", "", "the /healthz to ask (default: on this machine, at OYUNBOT_WEB_ADDR's port)")
	timeout := fs.Duration("timeout", 5*time.Second, "how long to wait for the answer")
	envFile := fs.String("env", ".env", "file of KEY=VALUE settings (the environment wins)")
	optional := fs.Bool("optional", false, "healthy when the web server is off (an image's default probe: only a bot with OYUNBOT_WEB_ADDR has a /healthz)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *url == "" {
		cfg, err := loadConfig(os.LookupEnv, *envFile)
		if err != nil {
			fmt.Fprintln(stderr, "bot healthcheck: configuration:", err)
			return 2
		}
		if cfg.WebAddr == "" && *optional {
			fmt.Fprintln(stdout, "the web server is off (OYUNBOT_WEB_ADDR is empty): no /healthz to ask")
			return 0
		}
		if cfg.WebAddr == "" {
			fmt.Fprintln(stderr, "bot healthcheck: the web server is off (OYUNBOT_WEB_ADDR is empty), so there is no /healthz to ask; set it (127.0.0.1:8080 keeps it inside) or pass -url")
			return 2
		}
		u, err := localHealthURL(cfg.WebAddr)
		if err != nil {
			fmt.Fprintln(stderr, "bot healthcheck:", err)
			return 2
		}
		*url = u
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, *url, nil)
	if err != nil {
		fmt.Fprintln(stderr, "bot healthcheck:", err)
		return 2
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintln(stderr, "bot healthcheck: unhealthy:", err)
		return 1
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	fmt.Fprintln(stdout, strings.TrimSpace(string(body)))
	if resp.StatusCode != http.StatusOK {
		fmt.Fprintln(stderr, "bot healthcheck: unhealthy:", resp.Status)
		return 1
	}
	return 0
}

// localHealthURL is the /healthz of a server listening on addr, asked from
// the same machine: an address that listens everywhere (":8080",
// "0.0.0.0:8080", "[::]:8080") is asked on the loopback.
func localHealthURL(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("OYUNBOT_WEB_ADDR %q is not host:port: %v", addr, err)
	}
	switch host {
	case "", "0.0.0.0":
		host = "127.0.0.1"
	case "::":
		host = "::1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/healthz", nil
}
