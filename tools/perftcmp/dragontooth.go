//go:build dragontooth

package main

// dragontooth.go adds github.com/dylhunn/dragontoothmg to the comparison
// (built with -tags dragontooth after `go get github.com/dylhunn/dragontoothmg`).
// Its Perft counts the last ply as the length of the legal move list, the
// same bulk counting as ours.

import "github.com/dylhunn/dragontoothmg"

func init() {
	others = append(others, generator{"dragontoothmg", func(fen string, depth int) uint64 {
		b := dragontoothmg.ParseFen(fen)
		return uint64(dragontoothmg.Perft(&b, depth))
	}})
}
