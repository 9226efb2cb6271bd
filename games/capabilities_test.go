package games

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// TestCapabilityTableComplete reads the interfaces declared in this
// package and in package ai and checks that every optional one (all but
// the core contracts and the errors' Localized) is in capabilityTable,
// so that a new optional interface cannot escape the saved lists of
// internal/registry's TestCapabilities.
func TestCapabilityTableComplete(t *testing.T) {
	inTable := map[string]bool{}
	for _, c := range capabilityTable() {
		if inTable[c.name] {
			t.Errorf("%s is twice in the table", c.name)
		}
		inTable[c.name] = true
	}
	notOptional := map[string]bool{
		"games.Position": true, "games.Game": true, "games.Localized": true,
		"ai.Position": true,
	}
	for pkg, dir := range map[string]string{"games": ".", "ai": "../ai"} {
		for _, name := range interfacesIn(t, dir) {
			if notOptional[pkg+"."+name] {
				continue
			}
			if !inTable[name] {
				t.Errorf("%s.%s is an optional interface missing from capabilityTable", pkg, name)
			}
		}
	}
}

// interfacesIn lists the exported interface types declared in the
// non-test Go files of dir.
func interfacesIn(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	fset := token.NewFileSet()
	for _, e := range entries {
		n := e.Name()
		if !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, dir+"/"+n, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				if _, ok := ts.Type.(*ast.InterfaceType); ok && ts.Name.IsExported() {
					names = append(names, ts.Name.Name)
				}
			}
		}
	}
	if len(names) == 0 {
		t.Fatalf("no interfaces found in %s", dir)
	}
	return names
}
