package games

import "strings"

// Fill writes message msg of a catalogue with its {placeholders} replaced
// by the key/value pairs kv, and its plural forms chosen: "{n|move|moves}"
// is the first form when placeholder n is "1", the second otherwise (the
// word alone: "{n} {n|move|moves}" reads "1 move", "5 moves"). A plural
// form is data in the catalogue, not a test in code; a language with one
// form (Turkish after a number) writes none. Values are not expanded again.
func Fill(msg string, kv ...string) string {
	msg = PluralForms(msg, kv)
	if len(kv) < 2 {
		return msg
	}
	pairs := make([]string, 0, len(kv))
	for i := 0; i+1 < len(kv); i += 2 {
		pairs = append(pairs, "{"+kv[i]+"}", kv[i+1])
	}
	return strings.NewReplacer(pairs...).Replace(msg)
}

// PluralForms chooses msg's plural forms ("{n|move|moves}", see Fill) by
// the values in kv, leaving the plain placeholders.
func PluralForms(msg string, kv []string) string {
	if !strings.Contains(msg, "|") {
		return msg
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(msg, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(msg[i:], '}')
		if j < 0 {
			break
		}
		name, forms, ok := strings.Cut(msg[i+1:i+j], "|")
		one, other, ok2 := strings.Cut(forms, "|")
		if !ok || !ok2 {
			b.WriteString(msg[:i+j+1])
			msg = msg[i+j+1:]
			continue
		}
		form := other
		for k := 0; k+1 < len(kv); k += 2 {
			if kv[k] == name && kv[k+1] == "1" {
				form = one
			}
		}
		b.WriteString(msg[:i])
		b.WriteString(form)
		msg = msg[i+j+1:]
	}
	b.WriteString(msg)
	return b.String()
}
