package chat

// link.go: a reply's link buttons (Button.URL, a game's web page).
// Telegram refuses a URL button it cannot open from anywhere (a localhost
// or a bare IP address, a scheme other than http and https), and with it
// the whole message; adapters put such a link in the text instead.

import (
	"net"
	"net/url"
	"strings"
)

// PublicURL reports whether u is an http or https address of a named host
// with a dot in its name (not localhost, not a bare IP address): one a
// platform takes as a link button's.
func PublicURL(u string) bool {
	p, err := url.Parse(u)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") {
		return false
	}
	host := p.Hostname()
	return strings.Contains(host, ".") && net.ParseIP(host) == nil
}

// LinksAsText moves r's link buttons whose address ok refuses into its text
// (and its photo's caption) as "label: address" lines.
func LinksAsText(r Reply, ok func(string) bool) Reply {
	var rows [][]Button
	moved := false
	for _, row := range r.Buttons {
		var kept []Button
		for _, b := range row {
			if b.URL != "" && !ok(b.URL) {
				line := b.Label + ": " + b.URL
				r.Text = strings.TrimRight(r.Text, "\n") + "\n" + line
				if r.Caption != "" {
					r.Caption = strings.TrimRight(r.Caption, "\n") + "\n" + line
				}
				moved = true
				continue
			}
			kept = append(kept, b)
		}
		if len(kept) > 0 {
			rows = append(rows, kept)
		}
	}
	if moved {
		r.Buttons = rows
	}
	return r
}
