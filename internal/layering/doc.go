// Package layering holds no code: its test checks the import rules of
// docs/architecture.md with go list, so that a shortcut across the layers
// fails CI instead of waiting for a reviewer.
package layering
