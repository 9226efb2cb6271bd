package router

// view.go decides which way round a game is shown to a person, in the
// picture, the text board and the animation alike.
