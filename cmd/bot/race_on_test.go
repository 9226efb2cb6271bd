//go:build race

package main

// raceDetector is true in a build with the race detector.
const raceDetector = true
