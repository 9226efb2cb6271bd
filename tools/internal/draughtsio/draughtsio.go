// Package draughtsio holds the files the draughts tools share
// (tools/draughtsmatch, tools/draughtstune): the books of balanced
// openings and the evaluation's weights written one a line.
package draughtsio

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"reflect"
	"strconv"
	"strings"

	"oyunbot/games/draughts"
)

// BookPath is g's book of balanced openings, from the module's root.
func BookPath(g draughts.Game) string { return "tools/draughtsmatch/testdata/" + g.Name() + ".txt" }

// ReadOpenings reads position texts, one a line; # starts a comment.
func ReadOpenings(path string, g draughts.Game) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ops []string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		if _, err := g.Parse(line); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		ops = append(ops, line)
	}
	if len(ops) == 0 {
		return nil, fmt.Errorf("%s: no openings", path)
	}
	return ops, sc.Err()
}

// SetWeight sets the field name of w to v: a field of draughts.Weights,
// AdvanceR for Advance[R].
func SetWeight(w *draughts.Weights, name, v string) error {
	n, err := strconv.Atoi(v)
	if err != nil {
		return fmt.Errorf("%s=%s: %v", name, v, err)
	}
	if r, ok := strings.CutPrefix(name, "Advance"); ok {
		i, err := strconv.Atoi(r)
		if err != nil || i < 0 || i > 7 {
			return fmt.Errorf("%s=%s: want AdvanceR=N, R 0 to 7", name, v)
		}
		w.Advance[i] = n
		return nil
	}
	f := reflect.ValueOf(w).Elem().FieldByName(name)
	if !f.IsValid() || f.Kind() != reflect.Int {
		return fmt.Errorf("no weight %s in draughts.Weights", name)
	}
	f.SetInt(int64(n))
	return nil
}

// ReadWeights sets w from a weights file: NAME=N pairs (SetWeight's
// names), one a line or comma-separated; # starts a comment. Weights the
// file does not name keep their values.
func ReadWeights(path string, w *draughts.Weights) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	for n, line := range strings.Split(string(data), "\n") {
		line, _, _ = strings.Cut(line, "#")
		for _, kv := range strings.Split(line, ",") {
			if kv = strings.TrimSpace(kv); kv == "" {
				continue
			}
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				return fmt.Errorf("%s:%d: %q is no NAME=N", path, n+1, kv)
			}
			if err := SetWeight(w, strings.TrimSpace(k), strings.TrimSpace(v)); err != nil {
				return fmt.Errorf("%s:%d: %v", path, n+1, err)
			}
		}
	}
	return nil
}

// WriteWeights writes every weight of w as ReadWeights reads them, one a
// line, after a comment line.
func WriteWeights(out io.Writer, w draughts.Weights, comment string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n", comment)
	rv := reflect.ValueOf(w)
	for i := 0; i < rv.NumField(); i++ {
		name := rv.Type().Field(i).Name
		if name == "Advance" {
			for r, n := range w.Advance {
				fmt.Fprintf(&b, "Advance%d=%d\n", r, n)
			}
			continue
		}
		fmt.Fprintf(&b, "%s=%d\n", name, rv.Field(i).Int())
	}
	_, err := io.WriteString(out, b.String())
	return err
}
