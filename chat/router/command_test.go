package router

import (
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"testing"
)

// TestCommandTable: every command of the command package has a handler,
// once; an action's refusal of stray words is in the catalogue.
func TestCommandTable(t *testing.T) {
	c := testCatalog(t)
	es, byName := entries(), entryByName()
	if len(es) != len(command.Table()) || len(byName) != len(es) {
		t.Errorf("%d handlers, %d names; want %d", len(es), len(byName), len(command.Table()))
	}
	for _, ce := range command.Table() {
		if e, ok := byName[ce.Name]; !ok || e.run == nil {
			t.Errorf("%s: no handler", ce.Name)
		}
	}
	for _, e := range es {
		if e.stray != "" && (!e.action || !c.Has(chat.Turkish, e.stray)) {
			t.Errorf("%s: stray-word refusal %q", e.name, e.stray)
		}
	}
}
