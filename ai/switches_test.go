package ai

import (
	"strings"
	"testing"
)

// TestSwitches: every switch turns off something the default options have
// on, and the names are listed.
func TestSwitches(t *testing.T) {
	for name, off := range Switches() {
		o := DefaultOptions()
		off(&o)
		if o == DefaultOptions() {
			t.Errorf("switch %q changes nothing", name)
		}
		if !strings.Contains(SwitchNames(), name) {
			t.Errorf("%q not in SwitchNames %q", name, SwitchNames())
		}
	}
}
