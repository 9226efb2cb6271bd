package router_test

import "testing"

// TestWebOff: without the web pages, "link" and "web" say so.
func TestWebOff(t *testing.T) {
	b := newBot(t, nil)
	b.msg("c", "ayse", "lang en", false)
	b.msg("c", "ayse", "play ttt easy", false)
	b.expect(b.msg("c", "ayse", "link", false), "The web pages are off")
	b.expect(b.msg("c", "ayse", "web on", false), "The web pages are off")
}
