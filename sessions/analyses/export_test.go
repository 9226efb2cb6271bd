package analyses

// NewRunner, OutcomeOf and DecodeResult let the tests run slices by hand
// and read what was kept.
var (
	NewRunner    = newRunner
	OutcomeOf    = outcomeOf
	DecodeResult = decodeResult
)
