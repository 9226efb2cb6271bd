package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"oyunbot/games"
	"oyunbot/games/draughts"
)

// runEGDB is `bot egdb [-game G] [-pieces N] [-rebuild] [-verify]`: it
// loads the draughts endgame databases (Italian draughts and checkers)
// from the cache folder (OYUNBOT_CACHE_DIR, default the user's cache
// folder's oyunbot), checking their size and checksum, or builds and
// saves them when missing, damaged or -rebuild is given, and prints where
// they are, what they hold and how long building took. With -verify it
// checks every entry against its moves and sampled entries against a
// search of the rules alone to the end. The bot builds them at first use
// otherwise (in the background); running this once ahead saves that wait.
func runEGDB(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("egdb", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "all", "italian, checkers or all")
	pieces := fs.Int("pieces", draughts.EGDBPieces(), "the most pieces (3 to 5; OYUNBOT_DRAUGHTS_EGDB)")
	rebuild := fs.Bool("rebuild", false, "build the databases even if the cache files are good")
	verify := fs.Bool("verify", false, "check every entry against its moves, and sampled ones against a search to the end")
	samples := fs.Int("samples", 300, "-verify: positions searched of each result (won, lost, drawn)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "egdb: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *pieces < 3 || *pieces > 5 {
		fmt.Fprintf(stderr, "egdb: -pieces is 3 to 5, not %d\n", *pieces)
		return 2
	}
	var gs []draughts.Game
	switch *game {
	case "all":
		gs = []draughts.Game{draughts.Italian, draughts.Checkers}
	case "italian":
		gs = []draughts.Game{draughts.Italian}
	case "checkers":
		gs = []draughts.Game{draughts.Checkers}
	default:
		fmt.Fprintf(stderr, "egdb: -game is italian, checkers or all, not %q\n", *game)
		return 2
	}
	dir := games.CacheDir()
	code := 0
	for _, g := range gs {
		if *rebuild {
			if err := os.Remove(filepath.Join(dir, draughts.EGDBFile(g, *pieces))); err != nil && !os.IsNotExist(err) {
				fmt.Fprintf(stderr, "egdb: %v\n", err)
				return 1
			}
		}
		db, err := draughts.LoadEGDB(g, dir, *pieces, nil)
		if db == nil {
			fmt.Fprintf(stderr, "egdb: %v\n", err)
			return 1
		}
		if err != nil {
			fmt.Fprintf(stderr, "egdb: %v\n", err) // the table is usable, not saved
			code = 1
		}
		how := "loaded"
		switch {
		case db.Rebuilt:
			how = "rebuilt (the file was damaged)"
		case !db.Loaded:
			how = "built"
		}
		st := db.Stats()
		fmt.Fprintf(stdout, "%s endgame database, %d pieces: %s %s; building took %v\n", g.Name(), st.Pieces, how, db.Path, db.Built.Round(time.Millisecond))
		fmt.Fprintf(stdout, "  %d entries (%.1f MB): %d won, %d lost, %d drawn; longest win %d plies (%d with kings only)\n",
			st.Entries, float64(st.Entries)/1e6, st.Wins, st.Losses, st.Draws, st.LongestWin, st.LongestKingsWin)
		for n := 2; n <= st.Pieces; n++ {
			b := st.ByPieces[n]
			fmt.Fprintf(stdout, "  %d pieces: %d won, %d lost, %d drawn\n", n, b[0], b[1], b[2])
		}
		if !*verify {
			continue
		}
		start := time.Now()
		n, err := db.Verify()
		if err != nil {
			fmt.Fprintf(stdout, "  consistency: FAILED after %d positions: %v\n", n, err)
			code = 1
			continue
		}
		fmt.Fprintf(stdout, "  consistency: all %d positions agree with the best of their moves (%v)\n", n, time.Since(start).Round(time.Millisecond))
		start = time.Now()
		c, err := db.VerifySearch(11, *samples, 100*(*samples)*st.Pieces*st.Pieces, 11, 7)
		if err != nil {
			fmt.Fprintf(stdout, "  search: FAILED: %v\n", err)
			code = 1
			continue
		}
		fmt.Fprintf(stdout, "  search to the end: %d wins, %d losses (within 11 plies: exact distance), %d draws (no result within 7 plies) agree (%v)\n",
			c.Wins, c.Losses, c.Draws, time.Since(start).Round(time.Millisecond))
	}
	return code
}
