package router

// format.go writes games as replies: headline, status or result line, text
// board, PNG board and buttons.
