package telegram

import "testing"

// TestParseChannel: a chat, or a topic of a supergroup; anything else is
// no channel of Telegram's.
func TestParseChannel(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want channel
		ok   bool
	}{
		{"42", channel{42, 0}, true},
		{"-1001", channel{-1001, 0}, true},
		{"-1001:17", channel{-1001, 17}, true},
		{"42:17", channel{}, false}, // a private chat has no topics
		{"-1001:0", channel{}, false},
		{"-1001:x", channel{}, false},
		{"-1001:", channel{}, false},
		{"0", channel{}, false},
		{"", channel{}, false},
		{"abc", channel{}, false},
	} {
		got, ok := parseChannel(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("parseChannel(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
		if ok && got.String() != tc.in {
			t.Errorf("%q written back as %q", tc.in, got.String())
		}
	}
}

// TestDecodeUpdatesTopic: a topic is read from is_topic_message messages
// only, and from a pressed message's.
func TestDecodeUpdatesTopic(t *testing.T) {
	us, err := decodeUpdates([]byte(`[
		{"update_id":1,"message":{"message_id":5,"date":1,"chat":{"id":-5,"type":"supergroup","is_forum":true},"message_thread_id":3,"is_topic_message":true,"text":"a"}},
		{"update_id":2,"message":{"message_id":6,"date":1,"chat":{"id":-6,"type":"supergroup"},"message_thread_id":4,"text":"b"}},
		{"update_id":3,"callback_query":{"id":"q","from":{"id":7,"is_bot":false,"first_name":"B"},"chat_instance":"x","data":"d","message":{"message_id":9,"date":1,"chat":{"id":-5,"type":"supergroup"},"message_thread_id":3,"is_topic_message":true}}}
	]`))
	if err != nil {
		t.Fatal(err)
	}
	if len(us) != 3 || us[0].thread != 3 || us[1].thread != 0 || us[2].thread != 3 || us[2].UpdateID != 3 {
		t.Errorf("decoded %+v", us)
	}
}
