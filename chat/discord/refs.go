// refs.go keeps what a reply needs to answer the event it refers to
// (chat.Reply.Ref): the interaction token for slash commands and buttons,
// the message id for prefix commands.

package discord

import (
	"sync"
	"sync/atomic"
	"time"
)

// interactionTTL is how long an interaction token can be used for followups
// and edits (Discord: 15 minutes).
const interactionTTL = 15 * time.Minute

// sweepEvery bounds how often put scans the store for expired entries.
const sweepEvery = time.Minute

// refKind says how the first reply to an event is delivered.
type refKind int

const (
	// refCommand: a slash command acknowledged with a deferred response
	// (type 5, "thinking"); the first reply edits that response.
	refCommand refKind = iota
	// refComponent: a button press acknowledged with a deferred update
	// (type 6); the first reply is a followup message.
	refComponent
	// refMessage: a prefix message; the first reply quotes it.
	refMessage
)

// ref is one event a reply can answer.
type ref struct {
	kind      refKind
	id        string // interaction or message id
	token     string // interaction token
	appID     string
	channelID string
	created   time.Time

	// acked is closed once the acknowledgement attempt has finished;
	// ackErr (written before) tells whether it failed, in which case the
	// token cannot be used and replies go to the channel.
	acked  chan struct{}
	ackErr error
	// ackTaken (guarded by ackMu) is set by whoever sends the initial
	// response, once: acknowledge's deferred one, or, for a press, a
	// reply that updates the pressed message itself (takeAck).
	ackMu    sync.Mutex
	ackTaken bool

	used bool // the first reply has been sent (guarded by refStore.mu)

	// ephemeral: a slash command whose answers concern the asker alone
	// (privateCommands), acknowledged and answered ephemerally.
	ephemeral bool
	// pressed is the message whose component was used (refComponent):
	// the interaction's @original, unless ownMessage.
	pressed string
	// ownMessage: the press was answered by a message of its own (an
	// ephemeral refusal as its initial response), which @original is now.
	ownMessage atomic.Bool
	key        string // the Message.Ref it is stored under
}

func (r *ref) isInteraction() bool { return r.kind == refCommand || r.kind == refComponent }

// original is the message the interaction's @original stands for when
// that is the message pressed, else "".
func (r *ref) original() string {
	if r.kind != refComponent || r.ownMessage.Load() {
		return ""
	}
	return r.pressed
}

// takeAck reports whether the caller is the one to send r's initial
// response (and must then set ackErr and close acked).
func (r *ref) takeAck() bool {
	r.ackMu.Lock()
	defer r.ackMu.Unlock()
	if r.ackTaken {
		return false
	}
	r.ackTaken = true
	return true
}

// refStore maps Message.Ref to ref for the lifetime of interaction tokens.
type refStore struct {
	mu        sync.Mutex
	ttl       time.Duration
	m         map[string]*ref
	lastSweep time.Time
	now       func() time.Time
}

func newRefStore(ttl time.Duration) *refStore {
	return &refStore{ttl: ttl, m: make(map[string]*ref), now: time.Now}
}

// put records r under key, dropping expired entries now and then.
func (s *refStore) put(key string, r *ref) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	r.created, r.key = now, key
	s.m[key] = r
	if now.Sub(s.lastSweep) < sweepEvery {
		return
	}
	s.lastSweep = now
	for k, v := range s.m {
		if now.Sub(v.created) > s.ttl {
			delete(s.m, k)
		}
	}
}

// claim returns the live ref under key (nil when unknown or expired) and
// whether this is the first reply to it.
func (s *refStore) claim(key string) (r *ref, first bool) {
	if key == "" {
		return nil, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r = s.m[key]
	if r == nil {
		return nil, false
	}
	if s.now().Sub(r.created) > s.ttl {
		delete(s.m, key)
		return nil, false
	}
	first = !r.used
	r.used = true
	return r, first
}

// claimFirst claims the live ref under key only when nothing has answered
// it yet.
func (s *refStore) claimFirst(key string) (*ref, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.m[key]
	if r == nil || r.used || s.now().Sub(r.created) > s.ttl {
		return nil, false
	}
	r.used = true
	return r, true
}

// unclaim undoes the claim of r's first reply, which was not sent after
// all.
func (s *refStore) unclaim(r *ref) {
	if r == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r.used = false
}

// fresh reports whether r's token lives for margin more.
func (s *refStore) fresh(r *ref, margin time.Duration) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.now().Sub(r.created) < s.ttl-margin
}

// peek returns the live ref under key without claiming it.
func (s *refStore) peek(key string) (*ref, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.m[key]
	if r == nil || s.now().Sub(r.created) > s.ttl {
		return nil, false
	}
	return r, true
}

// len is the number of entries, expired or not (for tests).
func (s *refStore) len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.m)
}

// maxPending bounds the jobs waiting in one channel; beyond it a flood is
// refused rather than queued without limit.
const maxPending = 64
