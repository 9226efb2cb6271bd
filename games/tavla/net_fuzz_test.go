package tavla

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// FuzzReadNet: any bytes are refused with an error or read as a network
// that evaluates without panic and writes back to the same bytes.
func FuzzReadNet(f *testing.F) {
	n := NewNet(2, 0.5, rand.New(rand.NewPCG(1, 1)).Float64)
	n.Note = "fuzz"
	var buf bytes.Buffer
	n.WriteTo(&buf)
	f.Add(buf.Bytes())
	f.Add([]byte("TAVLANET"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ReadNet(bytes.NewReader(data))
		if err != nil {
			return
		}
		p, _ := parsePosition(benchPos)
		newEvaluator(m).equity(&p.st, white)
		var out bytes.Buffer
		m.WriteTo(&out)
		if !bytes.Equal(out.Bytes(), data) {
			t.Fatalf("%d bytes read wrote %d others back", len(data), out.Len())
		}
	})
}
