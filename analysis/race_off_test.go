//go:build !race

package analysis_test

// raceDetector is true in a build with the race detector.
const raceDetector = false
