package main

// version.go: what build this is, from the build's own stamp (the VCS
// revision Go records when it builds inside a checkout), for `bot version`,
// /healthz and the log's first line.

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

// version is set by the release build (-ldflags "-X main.version=v1.2.3");
// empty in other builds, which report their VCS stamp instead.
var version string

// buildInfo is what a binary knows of its build.
type buildInfo struct {
	Version  string // the release's tag, or the module's pseudo-version, or "devel"
	Revision string // the commit, "" when the build had no VCS stamp
	Time     string // the commit's time (RFC 3339)
	Modified bool   // built from a tree with uncommitted changes
	Go       string // the toolchain
}

// readBuildInfo reads the running binary's stamp.
func readBuildInfo() buildInfo {
	b := buildInfo{Version: version}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		if b.Version == "" {
			b.Version = "devel"
		}
		return b
	}
	b.Go = bi.GoVersion
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
		case "vcs.time":
			b.Time = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	if b.Version == "" {
		b.Version = bi.Main.Version
	}
	if b.Version == "" || b.Version == "(devel)" {
		b.Version = "devel"
	}
	return b
}

// String is the one-line form: "v1.2.3 (abc123def456, 2026-12-06T03:48:00Z)",
// "+dirty" after a commit built with uncommitted changes.
func (b buildInfo) String() string {
	var s strings.Builder
	s.WriteString(b.Version)
	if b.Revision != "" {
		rev := b.Revision
		if len(rev) > 12 {
			rev = rev[:12]
		}
		fmt.Fprintf(&s, " (%s", rev)
		if b.Modified {
			s.WriteString("+dirty")
		}
		if b.Time != "" {
			s.WriteString(", " + b.Time)
		}
		s.WriteString(")")
	}
	if b.Go != "" {
		s.WriteString(" " + b.Go)
	}
	return s.String()
}

// runVersion is `bot version`.
func runVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "bot version takes no arguments (got %q)\n", args[0])
		return 2
	}
	fmt.Fprintln(stdout, "oyunbot", readBuildInfo())
	return 0
}
