//go:build !unix

package render

func cpuTime() int64 { return 0 }
