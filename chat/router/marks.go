package router

import "sync"

// marks holds a value for a game until it is taken: what a message left
// for the game's next bot reply (the announcement it heads, that it names
// its game). Safe for concurrent use.
type marks[V any] struct {
	mu sync.Mutex
	m  map[int64]V
}

// put leaves v for game id, replacing what was there.
func (k *marks[V]) put(id int64, v V) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.m == nil {
		k.m = map[int64]V{}
	}
	k.m[id] = v
}

// take removes and returns what was left for game id.
func (k *marks[V]) take(id int64) (V, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	v, ok := k.m[id]
	delete(k.m, id)
	return v, ok
}
