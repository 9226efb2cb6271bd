package web_test

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// switchHref is the language switch's link on a page.
var switchHref = regexp.MustCompile(`<a class="lang" href="([^"]*)"`)

// TestSwitchStaysOnSite: the language switch of every page, the 404 of a
// path that reads as another site's address included, links to this
// site (issue 41: /%2F%2Fevil.example/x linked to ///evil.example/x).
func TestSwitchStaysOnSite(t *testing.T) {
	e := newEnv(t, nil)
	page := watchURL(t, e.msg("c1", "u1", "Ayşe", "play ttt easy", false))
	for _, path := range []string{"/%2F%2Fevil.example/x", "/%2Fevil.example", "/%5C%5Cevil.example/x", "/g/%2F%2Fevil.example",
		"/leaderboard/%2F%2Fevil.example/x", "/t/%2F%2Fevil.example", "/p/%2F%2Fevil.example", "/c/%2F%2Fevil.example",
		"/g/%2F%2Fevil.example/step/1.png", "/nothing", "/"} {
		res, body := get(t, e.base+path)
		m := switchHref.FindStringSubmatch(body)
		if m == nil {
			if res.StatusCode != http.StatusNotFound {
				t.Errorf("GET %s: %d, no language switch:\n%s", path, res.StatusCode, body)
			}
			continue
		}
		checkOnSite(t, res.Request.URL, path, m[1])
	}
	res, body := get(t, page)
	m := switchHref.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("the game's page has no switch:\n%s", body)
	}
	to := checkOnSite(t, res.Request.URL, page, m[1])
	if to.Path != res.Request.URL.Path || to.Query().Get("lang") != "en" {
		t.Errorf("the game page's switch %q: want its own page in English", m[1])
	}
}

// checkOnSite fails t unless href, on the page at base, links to base's
// host.
func checkOnSite(t *testing.T, base *url.URL, path, href string) *url.URL {
	t.Helper()
	// A browser reads a backslash in a path as a slash, and any number
	// of slashes at the start as the start of another site's address.
	norm := strings.ReplaceAll(html.UnescapeString(href), `\`, "/")
	if strings.HasPrefix(norm, "//") {
		t.Errorf("GET %s: the switch %q leads off the site", path, href)
		return base
	}
	ref, err := url.Parse(norm)
	if err != nil {
		t.Errorf("GET %s: the switch %q: %v", path, href, err)
		return base
	}
	to := base.ResolveReference(ref)
	if to.Host != base.Host || to.Scheme != base.Scheme {
		t.Errorf("GET %s: the switch %q leads to %s, off the site", path, href, to)
	}
	return to
}
