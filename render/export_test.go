package render

import "testing"

// BenchDraw lets the external tests' drawers (stones_test.go) be measured
// like the package's own: wall clock, CPU time and PNG size per picture.
func BenchDraw(b *testing.B, d Drawer, f Frame) { benchDraw(b, d, f) }
