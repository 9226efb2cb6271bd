package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTrainingRunIsReproducible: two runs with the same flags write the
// same weights (checkpoints included), another seed others, and bad
// flags are refused.
func TestTrainingRunIsReproducible(t *testing.T) {
	train := func(seed string) (string, []byte) {
		dir := t.TempDir()
		var errOut bytes.Buffer
		if code := run([]string{"-seed", seed, "-games", "30", "-hidden", "8", "-checkpoint", "20", "-out", dir}, io.Discard, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		data, err := os.ReadFile(filepath.Join(dir, "net.bin"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(dir, "net-20.bin")); err != nil {
			t.Fatal(err)
		}
		return dir, data
	}
	_, a := train("4")
	_, b := train("4")
	_, c := train("5")
	if !bytes.Equal(a, b) {
		t.Fatal("two runs of seed 4 wrote different weights")
	}
	if bytes.Equal(a, c) {
		t.Fatal("seeds 4 and 5 wrote the same weights")
	}
	if !bytes.Contains(a, []byte("tavlatrain -seed 4 -games 30 -hidden 8")) {
		t.Fatal("the weights do not say how they were trained")
	}
	var errOut bytes.Buffer
	if code := run([]string{"-hidden", "0"}, io.Discard, &errOut); code != 2 || !strings.Contains(errOut.String(), "-hidden 1..256") {
		t.Fatalf("bad flags: exit %d, %q", code, errOut.String())
	}
}
