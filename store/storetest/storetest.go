// Package storetest is the conformance suite of sessions.Store: the
// behaviour every store must have, pinned as the SQLite store has it, so
// that another store (PostgreSQL) passes the same tests:
//
//	func TestPostgres(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) sessions.Store { return openFreshPostgres(t) })
//	}
//
// Records are compared whole with reflect.DeepEqual, so a store must give
// back exactly what it was given, but for times, which are compared by
// their instant (in UTC: a store may return them in any location) and
// need only be kept to the millisecond, as durations; the zero time stays
// zero, and nil and empty slices differ. The fixtures set every field they know and fill in,
// with made-up values, every exported field they do not (fields added to a
// record later): a field a store forgets to keep fails the round trips
// without anyone updating this suite. A new field the filler cannot make
// up (a map, a struct with unexported fields) is reported: give it a value
// in the fixture.
//
// What only a particular store can do (migrations, reopening a file,
// corrupting a row by hand) stays in that store's own tests; a store that
// implements Corrupter also runs the tests of unreadable rows.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/sessions"
)

// Corrupter is implemented by a store under test that can damage one of
// its stored rows as a failing disk or a hand edit would, so that its
// readers can no longer decode it; the row must stay stored.
type Corrupter interface {
	// CorruptRow damages the row that a reader would report as
	// sessions.SkippedRow{Table: table, Key: key}: a game or tournament
	// id, or a challenge's "platform/channel/from>to".
	CorruptRow(ctx context.Context, table, key string) error
}

// test is one conformance test, run on a new, empty store.
type test struct {
	name string
	run  func(t *testing.T, s sessions.Store)
}

// aggregates lists the tests by the interface they pin.
var aggregates = []struct {
	name  string
	tests []test
}{
	{"GameStore", gameTests},
	{"ChannelStore", channelTests},
	{"ChallengeStore", challengeTests},
	{"RatingStore", ratingTests},
	{"TournamentStore", tournamentTests},
	{"MatchStore", matchTests},
	{"Outbox", outboxTests},
	{"OutboxClaims", claimTests},
	{"HeartbeatStore", heartbeatTests},
	{"LeaseStore", leaseTests},
	{"UserDirectory", userTests},
	{"LanguageMemory", languageTests},
	{"BoardStore", boardTests},
	{"WebStore", webTests},
	{"UnreadableRows", unreadableTests},
	{"Concurrency", concurrencyTests},
}

// Run runs the conformance suite, one subtest per aggregate and one below
// it per behaviour. open must return a new, empty store for each subtest;
// Run closes it when the subtest ends.
func Run(t *testing.T, open func(t *testing.T) sessions.Store) {
	for _, a := range aggregates {
		t.Run(a.name, func(t *testing.T) {
			for _, tc := range a.tests {
				t.Run(tc.name, func(t *testing.T) {
					s := open(t)
					t.Cleanup(func() {
						if err := s.Close(); err != nil {
							t.Errorf("Close: %v", err)
						}
					})
					tc.run(t, s)
				})
			}
		})
	}
}

// at is the suite's reference time, at millisecond precision as stored.
var at = time.UnixMilli(1_700_000_000_123)

// Players of the fixtures.
var (
	ayse = sessions.Player{ID: "u1", Name: "Ayşe"}
	bora = sessions.Player{ID: "u2", Name: "Bora"}
	cem  = sessions.Player{ID: "u3", Name: "Cem"}
	bot  = sessions.Player{ID: sessions.BotID, Name: "oyunbot", Bot: true}
)

// game is a minimal unfinished game between two people in platform
// "test", channel ch.
func game(ch string, p0, p1 sessions.Player) sessions.GameRecord {
	return sessions.GameRecord{Game: "game-b", Platform: "test", ChannelID: ch, Players: [2]sessions.Player{p0, p1},
		Moves: []string{}, Started: at, LastMove: at, DrawOffer: ai.NoSide, Result: sessions.Result{Winner: ai.NoSide}}
}

// finished is g ended with a win of the first player.
func finished(g sessions.GameRecord) sessions.GameRecord {
	g.Result = sessions.Result{Over: true, Winner: ai.First, Reason: "line"}
	return g
}

// create stores rec and returns it with its id.
func create(t *testing.T, s sessions.GameStore, rec sessions.GameRecord) sessions.GameRecord {
	t.Helper()
	id, err := s.CreateGame(t.Context(), rec)
	if err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	rec.ID = id
	return rec
}

// save stores rec as the game's next version: rec.Version is bumped first,
// as the Manager does before each save.
func save(t *testing.T, s sessions.GameStore, rec *sessions.GameRecord) {
	t.Helper()
	rec.Version++
	if err := s.SaveGame(t.Context(), *rec); err != nil {
		t.Fatalf("SaveGame %d: %v", rec.ID, err)
	}
}

// stored loads game id.
func stored(t *testing.T, s sessions.GameStore, id int64) sessions.GameRecord {
	t.Helper()
	rec, err := s.Game(t.Context(), id)
	if err != nil {
		t.Fatalf("Game %d: %v", id, err)
	}
	return rec
}

// same fails the test unless got and want are deeply equal, naming the
// fields that differ.
func same(t *testing.T, what string, got, want any) {
	t.Helper()
	g, w := inUTC(reflect.ValueOf(got)), inUTC(reflect.ValueOf(want))
	if !reflect.DeepEqual(g.Interface(), w.Interface()) {
		t.Fatalf("%s differs:%s", what, diff("", g, w))
	}
}

// inUTC returns a deep copy of v with every time in UTC (and no monotonic
// reading), so that times compare by their instant.
func inUTC(v reflect.Value) reflect.Value {
	if !v.IsValid() {
		return v
	}
	if v.Type() == timeType {
		return reflect.ValueOf(v.Interface().(time.Time).UTC())
	}
	var out reflect.Value
	switch v.Kind() {
	case reflect.Struct:
		out = reflect.New(v.Type()).Elem()
		out.Set(v)
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				out.Field(i).Set(inUTC(v.Field(i)))
			}
		}
	case reflect.Array:
		out = reflect.New(v.Type()).Elem()
		for i := range v.Len() {
			out.Index(i).Set(inUTC(v.Index(i)))
		}
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		out = reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			out.Index(i).Set(inUTC(v.Index(i)))
		}
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		out = reflect.MakeMapWithSize(v.Type(), v.Len())
		for it := v.MapRange(); it.Next(); {
			out.SetMapIndex(it.Key(), inUTC(it.Value()))
		}
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		out = reflect.New(v.Type().Elem())
		out.Elem().Set(inUTC(v.Elem()))
	default:
		return v
	}
	return out
}

// diff lists the paths at which got and want, not deeply equal, differ.
func diff(path string, got, want reflect.Value) string {
	if got.Kind() != want.Kind() || got.Type() != want.Type() {
		return fmt.Sprintf("\n\t%s: got %#v, want %#v", path, got, want)
	}
	var out string
	switch got.Kind() {
	case reflect.Struct:
		if got.Type() == timeType {
			break
		}
		for i := range got.NumField() {
			if sf := got.Type().Field(i); sf.IsExported() && !reflect.DeepEqual(got.Field(i).Interface(), want.Field(i).Interface()) {
				out += diff(path+"."+sf.Name, got.Field(i), want.Field(i))
			}
		}
	case reflect.Slice, reflect.Array:
		if got.Len() != want.Len() {
			break
		}
		for i := range got.Len() {
			if !reflect.DeepEqual(got.Index(i).Interface(), want.Index(i).Interface()) {
				out += diff(fmt.Sprintf("%s[%d]", path, i), got.Index(i), want.Index(i))
			}
		}
	}
	if out != "" {
		return out
	}
	if got.Type() == timeType {
		g, w := got.Interface().(time.Time), want.Interface().(time.Time)
		return fmt.Sprintf("\n\t%s: got %s (%s), want %s (%s)", path, g.Format(time.RFC3339Nano), g.Location(),
			w.Format(time.RFC3339Nano), w.Location())
	}
	return fmt.Sprintf("\n\t%s: got %#v, want %#v", path, got, want)
}

// ids lists the ids of games.
func ids(recs []sessions.GameRecord) []int64 {
	out := make([]int64, len(recs))
	for i, r := range recs {
		out[i] = r.ID
	}
	return out
}

// sameGames fails unless got holds exactly the games of want (whole records),
// in that order.
func sameGames(t *testing.T, what string, got []sessions.GameRecord, err error, want ...sessions.GameRecord) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if len(got) != len(want) {
		t.Fatalf("%s: games %v, want %v", what, ids(got), ids(want))
	}
	for i := range want {
		same(t, fmt.Sprintf("%s[%d]", what, i), got[i], want[i])
	}
}

// isNotFound fails unless err is (or wraps) sessions.ErrNotFound.
func isNotFound(t *testing.T, what string, err error) {
	t.Helper()
	if !errors.Is(err, sessions.ErrNotFound) {
		t.Fatalf("%s: err = %v, want ErrNotFound", what, err)
	}
}

// complete fills in every exported field of the struct *ptr that is still
// zero with a made-up value (see the package doc): the fixtures set the
// fields they know, and fields added later are round-tripped too.
func complete(t *testing.T, ptr any) {
	t.Helper()
	v := reflect.ValueOf(ptr).Elem()
	for i := range v.NumField() {
		f, sf := v.Field(i), v.Type().Field(i)
		if !sf.IsExported() || !f.IsZero() {
			continue
		}
		if !fill(f, i+1) {
			t.Fatalf("storetest: %s.%s (%s) is not set by the fixture and cannot be made up: give it a value",
				v.Type(), sf.Name, sf.Type)
		}
	}
}

var (
	timeType     = reflect.TypeFor[time.Time]()
	durationType = reflect.TypeFor[time.Duration]()
)

// fill sets v to a non-zero value derived from n, reporting whether it
// could.
func fill(v reflect.Value, n int) bool {
	switch {
	case v.Type() == timeType:
		v.Set(reflect.ValueOf(time.UnixMilli(1_650_000_000_000 + int64(n))))
		return true
	case v.Type() == durationType:
		v.SetInt(int64(time.Duration(n) * time.Millisecond))
		return true
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("made-up-%d", n))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(n))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(n))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(n) + 0.5)
	case reflect.Array:
		for i := range v.Len() {
			if !fill(v.Index(i), n+i) {
				return false
			}
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		return fill(v.Index(0), n) && fill(v.Index(1), n+1)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		return fill(v.Elem(), n)
	case reflect.Struct:
		for i := range v.NumField() {
			if !v.Type().Field(i).IsExported() || !fill(v.Field(i), n+i) {
				return false
			}
		}
	default:
		return false
	}
	return true
}

// Same fails the test unless got and want are deeply equal, times compared
// by their instant, naming the fields that differ: the suite's comparison,
// for a store's own tests.
func Same(t *testing.T, what string, got, want any) {
	t.Helper()
	same(t, what, got, want)
}
