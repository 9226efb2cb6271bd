package telegram

// topic.go: forum topics. In a forum supergroup a game lives in the topic
// where it started: a message in a topic (is_topic_message, with its
// message_thread_id) arrives on the channel "<chat_id>:<thread_id>", so
// that games, settings and the outbox keep topics apart, and every reply
// to that channel is sent with message_thread_id. The General topic, and
// every other chat, is the channel "<chat_id>". The client library
// (v5.5.1) knows neither field: updates are decoded a second time for them
// here, and sends build their own parameters (outbound.go).

import (
	"encoding/json"
	"strconv"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// channel is where a reply goes: a chat, and a forum topic of it (thread
// 0: none, or the General topic).
type channel struct {
	chat   int64
	thread int
}

// parseChannel reads a ChannelID: "<chat_id>" or "<chat_id>:<thread_id>".
func parseChannel(s string) (channel, bool) {
	chatPart, threadPart, topic := strings.Cut(s, ":")
	id, err := strconv.ParseInt(chatPart, 10, 64)
	if err != nil || id == 0 {
		return channel{}, false
	}
	c := channel{chat: id}
	if topic {
		t, err := strconv.Atoi(threadPart)
		if err != nil || t <= 0 || id > 0 {
			return channel{}, false // topics are supergroups'
		}
		c.thread = t
	}
	return c, true
}

// String is the channel's ChannelID.
func (c channel) String() string {
	s := strconv.FormatInt(c.chat, 10)
	if c.thread != 0 {
		s += ":" + strconv.Itoa(c.thread)
	}
	return s
}

// incoming is an update with what the library's types lack: the forum
// topic of its message, 0 for none.
type incoming struct {
	tgbotapi.Update
	thread int
}

// topicOf is the part of an update the library does not decode.
type topicOf struct {
	Message       *threadOf `json:"message"`
	CallbackQuery *struct {
		Message *threadOf `json:"message"`
	} `json:"callback_query"`
}

// threadOf is a message's topic. message_thread_id alone is not one: in
// a supergroup that is no forum it names the thread of replies a message
// answers.
type threadOf struct {
	ThreadID       int  `json:"message_thread_id"`
	IsTopicMessage bool `json:"is_topic_message"`
}

func (t *threadOf) topic() int {
	if t == nil || !t.IsTopicMessage || t.ThreadID <= 0 {
		return 0
	}
	return t.ThreadID
}

// thread is the forum topic an update's message is in.
func (t topicOf) thread() int {
	switch {
	case t.Message != nil:
		return t.Message.topic()
	case t.CallbackQuery != nil:
		return t.CallbackQuery.Message.topic()
	}
	return 0
}

// decodeUpdate reads one update (a webhook's body).
func decodeUpdate(body []byte) (incoming, error) {
	var u incoming
	if err := json.Unmarshal(body, &u.Update); err != nil {
		return incoming{}, err
	}
	var t topicOf
	if err := json.Unmarshal(body, &t); err != nil {
		return incoming{}, err
	}
	u.thread = t.thread()
	return u, nil
}

// decodeUpdates reads getUpdates' result.
func decodeUpdates(result json.RawMessage) ([]incoming, error) {
	var us []tgbotapi.Update
	if err := json.Unmarshal(result, &us); err != nil {
		return nil, err
	}
	var ts []topicOf
	if err := json.Unmarshal(result, &ts); err != nil {
		return nil, err
	}
	out := make([]incoming, len(us))
	for i, u := range us {
		out[i].Update = u
		if i < len(ts) {
			out[i].thread = ts[i].thread()
		}
	}
	return out, nil
}
