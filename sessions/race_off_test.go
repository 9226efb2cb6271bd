//go:build !race

package sessions_test

// raceDetector: the tests run under the race detector.
const raceDetector = false
