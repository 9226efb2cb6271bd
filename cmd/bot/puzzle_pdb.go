package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"oyunbot/games/puzzle"
)

// runPDB is `bot pdb [-rebuild]`: it loads the 15-puzzle's pattern
// databases from the cache folder (OYUNBOT_CACHE_DIR, default the user's
// cache folder's oyunbot), checking their size and checksum, or builds and
// saves them when missing, damaged or -rebuild is given, and prints where
// they are and how long building took. The bot builds them at first use
// otherwise; running this once ahead saves that wait.
func runPDB(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pdb", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rebuild := fs.Bool("rebuild", false, "build the databases even if the cache file is good")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "pdb: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	dir := puzzle.CacheDir()
	if *rebuild {
		matches, _ := filepath.Glob(filepath.Join(dir, "puzzle15-pdb*"))
		for _, m := range matches {
			if err := os.Remove(m); err != nil {
				fmt.Fprintf(stderr, "pdb: %v\n", err)
				return 1
			}
		}
	}
	db, err := puzzle.LoadPDBFrom(dir, puzzle.Partition663)
	if err != nil {
		fmt.Fprintf(stderr, "pdb: %v\n", err)
		return 1
	}
	how := "loaded"
	switch {
	case db.Rebuilt:
		how = "rebuilt (the file was damaged)"
	case !db.Loaded:
		how = "built"
	}
	fmt.Fprintf(stdout, "pattern databases %v: %s %s; building took %v\n", db.Groups(), how, db.Path, db.BuildTook.Round(1e6))
	return 0
}
