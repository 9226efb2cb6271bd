package chat

import "testing"

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"YARDIM": "yardim", "yardım": "yardim", "İPUCU": "ipucu", "BAŞLAT": "baslat",
		"geçmiş": "gecmis", "ÇĞÖŞÜ": "cgosu", "Türkçe": "turkce", "i̇pucu": "ipucu",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}
