package layering

import "testing"

// maxEngineMethods bounds ai.Engine's method set (issue 38: "One search
// in ai"): its exported surface and the one search's steps; helpers live
// on small types (searchState, tunedState, pvTable, plainSearch) or as
// functions.
const maxEngineMethods = 40

// TestEngineMethodSet: ai.Engine has fewer than maxEngineMethods methods,
// exported and unexported, promoted included.
func TestEngineMethodSet(t *testing.T) {
	_, files := parsePackage(t, "ai")
	if n := methodSet(t, files, "Engine"); n >= maxEngineMethods {
		t.Errorf("ai.Engine has %d methods, want fewer than %d: give a family of them a type of its own", n, maxEngineMethods)
	}
}
