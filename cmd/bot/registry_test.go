package main

import (
	"reflect"
	"testing"

	"oyunbot/chat/discord"
)

// TestAdapterChoicesFromTheGames: Discord's choices of games and sides are
// the registered games', named by their own catalogues.
func TestAdapterChoicesFromTheGames(t *testing.T) {
	want := []discord.Choice{{Value: "chess", Name: "Chess", NameTR: "Satranç"}, {Value: "dama", Name: "Dama", NameTR: "Dama"}, {Value: "italian", Name: "Italian draughts", NameTR: "İtalyan daması"}, {Value: "checkers", Name: "Checkers", NameTR: "İngiliz daması"}, {Value: "islem", Name: "İşlem", NameTR: "İşlem"}, {Value: "puzzle8", Name: "8-puzzle", NameTR: "8 taş"}, {Value: "puzzle15", Name: "15-puzzle", NameTR: "15 taş"}, {Value: "hapis", Name: "Hapis tavlası", NameTR: "Hapis tavlası"}, {Value: "tavla", Name: "Tavla", NameTR: "Tavla"}, {Value: "backgammon", Name: "Backgammon", NameTR: "Tavla (küplü)"}, {Value: "tictactoe", Name: "Tic-tac-toe", NameTR: "XOX"}}
	if got := discordGames(nil); !reflect.DeepEqual(got, want) {
		t.Errorf("games %+v, want %+v", got, want)
	}
	wantSides := []discord.Choice{
		{Value: "white", Name: "white", NameTR: "beyaz"}, {Value: "black", Name: "black", NameTR: "siyah"},
		{Value: "red", Name: "red", NameTR: "kırmızı"},
		{Value: "x", Name: "X", NameTR: "X"}, {Value: "o", Name: "O", NameTR: "O"},
	}
	if got := discordSides(); !reflect.DeepEqual(got, wantSides) {
		t.Errorf("sides %+v, want %+v", got, wantSides)
	}
}
