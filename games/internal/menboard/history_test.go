package menboard

import "testing"

func TestHistory(t *testing.T) {
	var h History[int]
	for i := 1; i <= 3; i++ {
		h.Push()
		h.St = i
	}
	if h.Ply() != 3 || h.St != 3 {
		t.Fatalf("after three moves: ply %d, state %d", h.Ply(), h.St)
	}
	c := h.Copy()
	h.Unmake()
	h.Push()
	h.St = 9
	if c.St != 3 || c.Ply() != 3 || c.Hist[2] != 2 {
		t.Errorf("the copy changed with the original: %+v", c)
	}
	if cap(c.Hist) < 3+32 {
		t.Errorf("the copy has room for %d plies, want 35", cap(c.Hist))
	}
	for want := 2; want >= 0; want-- {
		c.Unmake()
		if c.St != want {
			t.Errorf("unmade to %d, want %d", c.St, want)
		}
	}
	if c.Ply() != 0 {
		t.Errorf("ply %d after unmaking every move", c.Ply())
	}
}
