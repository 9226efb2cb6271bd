package store

import (
	"io/fs"
	"slices"
	"testing"
)

// TestMigrationsMirror: each dialect has one migration for each of the
// other's, under the same name, so that a schema version means the same on
// both.
func TestMigrationsMirror(t *testing.T) {
	lite, err := fs.Glob(migrationFiles, "migrations/sqlite/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	pg, err := fs.Glob(migrationFiles, "migrations/postgres/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	for i := range lite {
		lite[i] = lite[i][len("migrations/sqlite/"):]
	}
	for i := range pg {
		pg[i] = pg[i][len("migrations/postgres/"):]
	}
	if len(lite) == 0 || !slices.Equal(lite, pg) {
		t.Fatalf("SQLite's migrations %q, PostgreSQL's %q: a migration added to one must be added to the other, under the same name",
			lite, pg)
	}
}
