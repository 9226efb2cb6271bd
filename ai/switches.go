package ai

import (
	"sort"
	"strings"
)

// Switches names the search techniques that can be switched off one by one
// ("lmp", "singular"), each with what switching it off does to Options, so
// that one binary can be measured against itself without a technique
// (tools/selfplay's SPEC, the UCI option Switches).
func Switches() map[string]func(*Options) {
	return map[string]func(*Options){
		"ab":      func(o *Options) { o.AlphaBeta = false },
		"tt":      func(o *Options) { o.TT = false },
		"qs":      func(o *Options) { o.Quiescence = false },
		"killers": func(o *Options) { o.Killers = false },
		"history": func(o *Options) { o.History = false },
		// The one search itself: off, the plain alpha-beta reference
		// (plain.go) searches instead.
		"pvs": func(o *Options) { o.Plain = true },
		// The selective techniques (games with checks: chess).
		"null":     func(o *Options) { o.NullMove = false },
		"checkext": func(o *Options) { o.CheckExt = false },
		"lmr":      func(o *Options) { o.LMR = false },
		"see":      func(o *Options) { o.GameOrder = false },
		"futility": func(o *Options) { o.Futility = false },
		// The game's Tuning (Tuner: chess, draughts), whole or by parts.
		"tuned":      func(o *Options) { o.Tuned = false },
		"asp":        func(o *Options) { o.Aspiration = false },
		"rfp":        func(o *Options) { o.ReverseFutility = false },
		"lmp":        func(o *Options) { o.LMP = false },
		"seeprune":   func(o *Options) { o.SEEPrune = false },
		"nullverify": func(o *Options) { o.NullVerify = false },
		"singular":   func(o *Options) { o.Singular = false },
		"iir":        func(o *Options) { o.IIR = false },
		"conthist":   func(o *Options) { o.ContHistory = false },
	}
}

// SwitchNames lists Switches' names in order, comma-separated.
func SwitchNames() string {
	var names []string
	for n := range Switches() {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}
