package layering

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The house rules of issue 38 that the code can be measured by: a type a
// newcomer reads has a method set they can hold, a file of the router a
// length they can read.
const (
	maxRouterMethods = 40  // the Router's methods, promoted ones included
	maxRouterLines   = 400 // lines of a non-test file in chat/router
)

// parsePackage parses the non-test Go files of the package in dir (from
// the module root).
func parsePackage(t *testing.T, dir string) (*token.FileSet, map[string]*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	paths, err := filepath.Glob(filepath.Join("..", "..", dir, "*.go"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	files := map[string]*ast.File{}
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files[p] = f
	}
	return fset, files
}

// methodSet counts the methods declared on the package's type name and on
// the types it embeds (promoted); an embedded type of another package is
// an error, as its promoted methods are not counted here.
func methodSet(t *testing.T, files map[string]*ast.File, name string) int {
	t.Helper()
	n := 0
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 {
				continue
			}
			typ := fd.Recv.List[0].Type
			if st, ok := typ.(*ast.StarExpr); ok {
				typ = st.X
			}
			if id, ok := typ.(*ast.Ident); ok && id.Name == name {
				n++
			}
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gd.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok || ts.Name.Name != name {
					continue
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for _, field := range st.Fields.List {
					if len(field.Names) > 0 {
						continue
					}
					typ := field.Type
					if s, ok := typ.(*ast.StarExpr); ok {
						typ = s.X
					}
					id, ok := typ.(*ast.Ident)
					if !ok {
						t.Errorf("%s embeds %s of another package: its promoted methods join %s's", name, types(field.Type), name)
						continue
					}
					n += methodSet(t, files, id.Name)
				}
			}
		}
	}
	return n
}

// types names an embedded field's type for a message.
func types(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return "*" + types(e.X)
	case *ast.SelectorExpr:
		return types(e.X) + "." + e.Sel.Name
	case *ast.Ident:
		return e.Name
	}
	return "?"
}

// TestRouterMethodSet: the Router holds its presentation and its word
// reader as values, not embedded (issue 38): its methods, promoted ones
// included, stay under maxRouterMethods.
func TestRouterMethodSet(t *testing.T) {
	_, files := parsePackage(t, "chat/router")
	if n := methodSet(t, files, "Router"); n >= maxRouterMethods {
		t.Errorf("the Router has %d methods, want fewer than %d: give a family of them a type of its own", n, maxRouterMethods)
	}
}

// TestRouterFileLength: no file of chat/router is over maxRouterLines.
func TestRouterFileLength(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("..", "..", "chat", "router", "*.go"))
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(b), "\n"); n > maxRouterLines {
			t.Errorf("%s has %d lines, more than %d: split it by what its parts do", filepath.Base(p), n, maxRouterLines)
		}
	}
}
