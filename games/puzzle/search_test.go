package puzzle

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
)

// TestAStarEveryEightPuzzle solves all 181,440 solvable 8-puzzle states
// with A* (linear conflict) through ai.Solve and checks each length
// against the breadth-first distance table; the two 31-move states come
// out at 31. About half a minute on one core.
func TestAStarEveryEightPuzzle(t *testing.T) {
	if testing.Short() {
		t.Skip("every 8-puzzle state: skipped with -short")
	}
	table := Distances3()
	solved, at31 := 0, 0
	for r, d := range table {
		if d == 0xff {
			continue
		}
		p := newPos(3, unrank3(r))
		res := ai.Solve(context.Background(), p, ai.AStar, ai.SolveLimits{})
		if !res.Found() || res.Length != int(d) || len(res.Path) != int(d) || !res.Optimal {
			t.Fatalf("%v: A* %d moves (%s), table %d", p, res.Length, res.Stopped, d)
		}
		solved++
		if d == 31 {
			at31++
		}
	}
	if solved != 181440 || at31 != 2 {
		t.Errorf("solved %d, at 31: %d", solved, at31)
	}
}

// TestCompareOrder checks the seed's lesson on its start and on random
// ones: the optimal methods agree on the length, and A* and IDA* expand
// orders of magnitude (at least 100 times) fewer nodes than breadth-first
// and uniform-cost search: at least 100 times on the seed's start, 30
// times on the hardest (where breadth-first search runs out of states to
// expand at 181,440).
func TestCompareOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	starts := []*Pos{mustParse(t, 3, seedStart), random3(r, 20, 24), random3(r, 26, 31)}
	for _, p := range starts {
		// No time limit: a loaded machine must not change the outcome.
		rows, err := Compare(context.Background(), p, Budget{Nodes: CompareBudget.Nodes, Memory: CompareBudget.Memory})
		if err != nil {
			t.Fatal(err)
		}
		by := map[string]ai.SolveResult{}
		for _, row := range rows {
			by[row.Method.String()] = row.Result
			if row.Result.Found() {
				q := p.clone()
				for _, m := range row.Result.Path {
					q.Make(m)
				}
				if !q.IsGoal() {
					t.Errorf("%v %s: the path does not solve it", p, row.Method)
				}
			}
		}
		want := distance3(p)
		for _, name := range []string{"bfs", "bidir", "ucs", "astar-misplaced", "astar-manhattan", "astar-lc", "idastar-lc"} {
			if res := by[name]; !res.Found() || res.Length != want {
				t.Errorf("%v %s: length %d (%s), want %d", p, name, res.Length, res.Stopped, want)
			}
		}
		factor := int64(30)
		if p.String() == seedStart {
			factor = 100
		}
		for _, fast := range []string{"astar-lc", "idastar-lc"} {
			for _, slow := range []string{"bfs", "ucs"} {
				if by[fast].Nodes*factor > by[slow].Nodes {
					t.Errorf("%v: %s %d nodes, %s %d: not orders of magnitude fewer", p, fast, by[fast].Nodes, slow, by[slow].Nodes)
				}
			}
		}
		if by["astar-lc"].Nodes > by["astar-manhattan"].Nodes || by["astar-manhattan"].Nodes > by["astar-misplaced"].Nodes {
			t.Errorf("%v: a better heuristic expanded more: LC %d, Manhattan %d, misplaced %d", p,
				by["astar-lc"].Nodes, by["astar-manhattan"].Nodes, by["astar-misplaced"].Nodes)
		}
	}
}

func request(lang string, start, pos *Pos, args ...string) games.CommandRequest {
	return games.CommandRequest{Game: Eight, Lang: lang, Args: args, Start: start, Position: pos}
}

func command(t *testing.T, key string) games.Command {
	t.Helper()
	for _, c := range Eight.Commands() {
		if c.Key == key {
			return c
		}
	}
	t.Fatalf("no command %q", key)
	return games.Command{}
}

func TestCommandHelpInCatalog(t *testing.T) {
	for _, g := range []Game{Eight, Fifteen} {
		cat := g.Host().Catalog
		for _, c := range g.Commands() {
			for _, lang := range []string{"tr", "en"} {
				if cat[lang]["cmd."+c.Key] == "" {
					t.Errorf("%s %s: no cmd.%s", g.Name(), lang, c.Key)
				}
			}
		}
		if len(cat["tr"]) != len(cat["en"]) {
			t.Errorf("%s: %d Turkish keys, %d English", g.Name(), len(cat["tr"]), len(cat["en"]))
		}
		for k := range cat["en"] {
			if cat["tr"][k] == "" {
				t.Errorf("%s: %q has no Turkish", g.Name(), k)
			}
		}
	}
}

func TestHintCommand(t *testing.T) {
	p := mustParse(t, 3, seedStart)
	run := command(t, "hint").Run
	for lang, want := range map[string]string{"en": "moves to the goal", "tr": "Hedefe 22 hamle kaldı"} {
		ans, err := run(context.Background(), request(lang, p, p.clone()))
		if err != nil || !strings.Contains(ans.Text, want) {
			t.Fatalf("%s hint: %q, %v", lang, ans.Text, err)
		}
		// The hinted tile is one step nearer the goal.
		tile := strings.Fields(strings.SplitN(ans.Text, ":", 2)[1])
		word := tile[2]
		if lang == "tr" {
			word = strings.TrimSuffix(tile[0], "taşını")
		}
		m, err := p.ParseMove(word)
		if err != nil {
			t.Fatalf("hinted %q: %v", word, err)
		}
		q := p.clone()
		q.Make(m)
		if distance3(q) != 21 {
			t.Errorf("hint %s leads to distance %d, want 21", word, distance3(q))
		}
	}
	goal := mustParse(t, 3, "1,2,3,4,5,6,7,8,0")
	if _, err := run(context.Background(), request("en", p, goal)); err == nil || !strings.Contains(err.Error(), "already solved") {
		t.Errorf("hint when solved: %v", err)
	}
}

func TestSolveCommand(t *testing.T) {
	p := mustParse(t, 3, seedStart)
	run := command(t, "solve").Run
	for _, tc := range []struct {
		lang string
		args []string
		want []string
	}{
		{"en", nil, []string{"IDA* LC: 22 moves (shortest)", "Tiles to slide: "}},
		{"tr", []string{"bfs"}, []string{"BFS: 22 hamle (en kısa)", "Kaydırılacak taşlar: "}},
		{"en", []string{"a*", "manhattan"}, []string{"A* Manhattan: 22 moves"}},
		{"en", []string{"astar-misplaced"}, []string{"A* misplaced: 22 moves"}},
		{"en", []string{"greedy"}, []string{"Greedy LC: ", "(not guaranteed shortest)"}},
		{"en", []string{"iddfs"}, []string{"IDDFS: 22 moves"}},
	} {
		ans, err := run(context.Background(), request(tc.lang, p, p.clone(), tc.args...))
		if err != nil {
			t.Fatalf("solve %v: %v", tc.args, err)
		}
		for _, w := range tc.want {
			if !strings.Contains(ans.Text, w) {
				t.Errorf("solve %v: %q lacks %q", tc.args, ans.Text, w)
			}
		}
		// The listed tiles, played, solve the puzzle.
		line := ans.Text[strings.LastIndex(ans.Text, ": ")+2:]
		q := p.clone()
		for _, tile := range strings.Fields(line) {
			m, err := q.ParseMove(tile)
			if err != nil {
				t.Fatalf("solve %v: tile %s: %v", tc.args, tile, err)
			}
			q.Make(m)
		}
		if !q.IsGoal() {
			t.Errorf("solve %v: the tiles listed do not solve it", tc.args)
		}
	}
	_, err := run(context.Background(), request("tr", p, p.clone(), "quantum"))
	if err == nil || !strings.Contains(err.Error(), "Böyle bir algoritma yok: quantum") || !strings.Contains(err.Error(), "astar-manhattan") {
		t.Errorf("solve quantum: %v", err)
	}
}

func TestCompareCommand(t *testing.T) {
	p := mustParse(t, 3, seedStart)
	moved := p.clone()
	moved.Make(ai.Move{Lo: Left})
	ans, err := command(t, "compare").Run(context.Background(), request("en", p, moved))
	if err != nil {
		t.Fatal(err)
	}
	if !ans.Mono || ans.Chart == nil || !ans.Chart.Log {
		t.Fatalf("compare: mono %v chart %+v", ans.Mono, ans.Chart)
	}
	lines := strings.Split(ans.Text, "\n")
	if !strings.Contains(lines[0], seedStart) {
		t.Errorf("compare is not on the start: %q", lines[0])
	}
	methods := CompareMethods(3)
	if len(ans.Chart.Labels) != len(methods) || len(ans.Chart.Series) != 2 || len(ans.Chart.Series[0].Values) != len(methods) {
		t.Fatalf("chart %+v", ans.Chart)
	}
	for i, m := range methods {
		row := lines[2+i]
		if !strings.HasPrefix(row, m.Label()) {
			t.Errorf("row %d %q, want %s", i, row, m.Label())
		}
		if ans.Chart.Series[0].Values[i] <= 0 {
			t.Errorf("%s: %v nodes charted", m.Label(), ans.Chart.Series[0].Values[i])
		}
	}
	if !strings.Contains(ans.Text, "limited to 2,000,000 nodes") {
		t.Errorf("compare does not state its limits:\n%s", ans.Text)
	}
	tr, err := command(t, "compare").Run(context.Background(), request("tr", p, p))
	if err != nil || !strings.Contains(tr.Text, "Yöntem") || !strings.Contains(tr.Text, "2.000.000 düğüm") {
		t.Errorf("Turkish compare: %v\n%s", err, tr.Text)
	}
}

// TestPDBCache builds small databases into a folder, loads them back,
// and rebuilds them from a damaged or truncated file.
func TestPDBCache(t *testing.T) {
	dir := t.TempDir()
	groups := [][]int{{1, 2}, {3}}
	db, err := LoadPDBFrom(dir, groups)
	if err != nil || db.Loaded || db.Rebuilt || db.Path == "" {
		t.Fatalf("first load: %+v, %v", db, err)
	}
	again, err := LoadPDBFrom(dir, groups)
	if err != nil || !again.Loaded || !bytes.Equal(again.tables[0], db.tables[0]) || again.BuildTook != db.BuildTook {
		t.Fatalf("second load: loaded %v, %v", again.Loaded, err)
	}
	data, _ := os.ReadFile(db.Path)
	for name, bad := range map[string][]byte{
		"flipped byte": func() []byte { b := bytes.Clone(data); b[len(b)/2] ^= 1; return b }(),
		"truncated":    data[:len(data)-10],
		"empty":        {},
	} {
		if err := os.WriteFile(db.Path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := LoadPDBFrom(dir, groups)
		if err != nil || got.Loaded || !got.Rebuilt || !bytes.Equal(got.tables[1], db.tables[1]) {
			t.Errorf("%s: loaded %v rebuilt %v, %v", name, got.Loaded, got.Rebuilt, err)
		}
		if fixed, _ := os.ReadFile(db.Path); !bytes.Equal(fixed[len(pdbMagic)+8:len(fixed)-4], data[len(pdbMagic)+8:len(data)-4]) {
			t.Errorf("%s: the rebuilt file differs", name)
		}
	}
	if _, err := BuildPDB([][]int{{1, 2}, {2}}); err == nil {
		t.Error("overlapping groups accepted")
	}
	if _, err := LoadPDBFrom(filepath.Join(dir, "x"), [][]int{{0}}); err == nil {
		t.Error("tile 0 in a group accepted")
	}
}

// TestPDBAdmissible checks the 15-puzzle's databases against known
// bounds: 0 at the goal, at least Manhattan everywhere, at most the length
// of a random walk from the goal, and the optimal length of seeded starts
// as IDA* finds it equal to A*'s (both optimal) on easy ones.
func TestPDBAdmissible(t *testing.T) {
	db, err := LoadPDB()
	if err != nil {
		t.Fatal(err)
	}
	goal := Fifteen.goalPos()
	if db.value(&goal.where) != 0 {
		t.Fatalf("PDB at the goal %d", db.value(&goal.where))
	}
	r := rand.New(rand.NewPCG(11, 12))
	for range 2000 {
		k := 1 + r.IntN(40)
		p := randomWalk(r, 4, k)
		h := db.value(&p.where)
		if h > k || h < p.man || h%2 != k%2 {
			t.Fatalf("%v (walk %d): PDB %d, Manhattan %d", p, k, h, p.man)
		}
	}
	for range 3 {
		p := randomWalk(r, 4, 30)
		a, _ := Solve(context.Background(), p, Method{Alg: ai.AStar, H: LinearConflict}, SolveBudget)
		i, _ := Solve(context.Background(), p, Method{Alg: ai.IDAStar, H: PDBHeuristic}, SolveBudget)
		if !a.Found() || !i.Found() || a.Length != i.Length {
			t.Errorf("%v: A* LC %d (%s), IDA* PDB %d (%s)", p, a.Length, a.Stopped, i.Length, i.Stopped)
		}
		if n, ok := p.OptimalLength(); !ok || n != i.Length {
			t.Errorf("%v: OptimalLength %d %v, want %d", p, n, ok, i.Length)
		}
	}
}

// TestFifteenCompareIsBounded runs compare on a 15-puzzle: the blind
// searches (on a start 30 moves from the goal) stop at their limits and
// say so, IDA* with the databases
// solves it.
func TestFifteenCompareIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("several seconds of capped searches: skipped with -short")
	}
	p := Fifteen.Start().(*Pos)
	b := Budget{Nodes: 200_000, Memory: 1 << 18}
	rows, err := Compare(context.Background(), p, b)
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range rows {
		res := row.Result
		if res.Nodes > b.Nodes || res.PeakMemory > b.Memory {
			t.Errorf("%s: %d nodes, %d states held: over the budget", row.Method, res.Nodes, res.PeakMemory)
		}
		switch row.Method.Alg {
		case ai.BFS, ai.IDDFS, ai.Bidir, ai.UCS:
			if res.Found() {
				t.Errorf("%s solved a 30-move 15-puzzle within %d nodes", row.Method, b.Nodes)
			}
		}
		if row.Method.String() == "idastar-pdb" && (!res.Found() || !res.Optimal || res.Length != 30) {
			t.Errorf("IDA* PDB: %d moves, %s", res.Length, res.Stopped)
		}
	}
	text := CompareTable("en", p, rows, b)
	if !strings.Contains(text, "Stopped at a limit: BFS, DFS, DLS, IDDFS, Bidir, UCS") {
		t.Errorf("15-puzzle compare does not say the blind searches are capped:\n%s", text)
	}
}

// TestPDBNotReady: while the pattern databases are being built, a
// 15-puzzle's start does not wait for them (no optimal length) and hint,
// solve and compare say so instead of blocking.
func TestPDBNotReady(t *testing.T) {
	pdbMu.Lock() // a build started now waits until the test ends
	saved := pdbGlobal.Swap(nil)
	pdbWarm.Do(func() {})
	defer func() {
		pdbGlobal.Store(saved)
		pdbMu.Unlock()
	}()
	p := Fifteen.Start().(*Pos)
	if _, ok := p.OptimalLength(); ok {
		t.Error("OptimalLength without the databases")
	}
	req := games.CommandRequest{Game: Fifteen, Start: p, Position: p.clone()}
	for _, c := range Fifteen.Commands() {
		for lang, want := range map[string]string{"en": "being built", "tr": "hazırlanıyor"} {
			req.Lang = lang
			_, err := c.Run(context.Background(), req)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s %s: %v", c.Key, lang, err)
			}
		}
	}
	// A blind search needs no databases.
	req.Lang, req.Args = "en", []string{"bfs"}
	if ans, err := command(t, "solve").Run(context.Background(), req); err != nil || !strings.Contains(ans.Text, "BFS") {
		t.Errorf("solve bfs: %q, %v", ans.Text, err)
	}
}
