package telegramtest

// inline.go is inline mode as the Bot API has it: an inline query the bot
// answers with results (answerInlineQuery), the result a person chooses
// sent "via" the bot as a message in a chat the bot need not be in, known
// to the bot by its inline_message_id only (chosen_inline_result, the
// callback queries of its buttons), and edited by that id
// (editMessageText, editMessageReplyMarkup, editMessageCaption: they answer
// true, not the message).

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// InlineQuery is an incoming inline query.
type InlineQuery struct {
	ID       string `json:"id"`
	From     User   `json:"from"`
	Query    string `json:"query"`
	Offset   string `json:"offset"`
	ChatType string `json:"chat_type,omitempty"`
}

// ChosenInlineResult is the result a person chose, sent to the bot when
// its inline feedback is on (BotFather's /setinlinefeedback).
type ChosenInlineResult struct {
	ResultID        string `json:"result_id"`
	From            User   `json:"from"`
	Query           string `json:"query"`
	InlineMessageID string `json:"inline_message_id,omitempty"`
}

// InlineResult is an article result as answerInlineQuery takes it.
type InlineResult struct {
	Type                string `json:"type"`
	ID                  string `json:"id"`
	Title               string `json:"title"`
	Description         string `json:"description,omitempty"`
	InputMessageContent struct {
		MessageText string `json:"message_text"`
		ParseMode   string `json:"parse_mode,omitempty"`
	} `json:"input_message_content"`
	ReplyMarkup *Keyboard `json:"reply_markup,omitempty"`
}

// inlineQueryState is an inline query sent and its answer.
type inlineQueryState struct {
	from     User
	query    string
	answered bool
	results  []InlineResult
}

// InlineMessage is a message sent through the bot's inline mode.
type InlineMessage struct {
	ID        string
	Via       User // who chose it
	Text      string
	ParseMode string
	Keyboard  *Keyboard
	Edits     int
}

// Data lists the callback data of the message's buttons.
func (m InlineMessage) Data() []string {
	var out []string
	if m.Keyboard != nil {
		for _, row := range m.Keyboard.InlineKeyboard {
			for _, b := range row {
				if b.CallbackData != nil {
					out = append(out, *b.CallbackData)
				}
			}
		}
	}
	return out
}

// InlineQuery has from type query after the bot's name; it returns the
// query's id.
func (s *Server) InlineQuery(from User, query string) (string, error) {
	s.mu.Lock()
	s.nextCB++
	id := fmt.Sprintf("iq%d", s.nextCB)
	s.inlineQueries[id] = &inlineQueryState{from: from, query: query}
	s.mu.Unlock()
	return id, s.SendUpdate(Update{InlineQuery: &InlineQuery{ID: id, From: from, Query: query, ChatType: "group"}})
}

// InlineResults returns the bot's answer to inline query id (false until
// it answered).
func (s *Server) InlineResults(id string) ([]InlineResult, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	q := s.inlineQueries[id]
	if q == nil || !q.answered {
		return nil, false
	}
	return slices.Clone(q.results), true
}

// ChooseInline has the person who sent inline query id choose its result
// resultID: the message goes to a chat the bot is not in, and the bot
// gets chosen_inline_result. It returns the message's inline_message_id.
func (s *Server) ChooseInline(id, resultID string) (string, error) {
	s.mu.Lock()
	q := s.inlineQueries[id]
	if q == nil || !q.answered {
		s.mu.Unlock()
		return "", fmt.Errorf("telegramtest: inline query %s not answered", id)
	}
	var r *InlineResult
	for i := range q.results {
		if q.results[i].ID == resultID {
			r = &q.results[i]
		}
	}
	if r == nil {
		s.mu.Unlock()
		return "", fmt.Errorf("telegramtest: no result %q", resultID)
	}
	s.nextCB++
	imid := fmt.Sprintf("AgAAA%dBQ", s.nextCB)
	s.inlineMsgs[imid] = &InlineMessage{ID: imid, Via: q.from, Text: r.InputMessageContent.MessageText,
		ParseMode: r.InputMessageContent.ParseMode, Keyboard: r.ReplyMarkup}
	chosen := ChosenInlineResult{ResultID: resultID, From: q.from, Query: q.query}
	if r.ReplyMarkup != nil {
		chosen.InlineMessageID = imid // only for a message with an inline keyboard
	}
	s.mu.Unlock()
	return imid, s.SendUpdate(Update{ChosenInlineResult: &chosen})
}

// Inline returns the inline message imid as the chat shows it.
func (s *Server) Inline(imid string) (InlineMessage, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.inlineMsgs[imid]
	if m == nil {
		return InlineMessage{}, false
	}
	return *m, true
}

// PressInline has from press the button with data on inline message imid;
// it returns the callback query's id.
func (s *Server) PressInline(from User, imid, data string) (string, error) {
	s.mu.Lock()
	m := s.inlineMsgs[imid]
	if m == nil || !slices.Contains(m.Data(), data) {
		s.mu.Unlock()
		return "", fmt.Errorf("telegramtest: inline message %s has no button %q", imid, data)
	}
	s.nextCB++
	id := fmt.Sprintf("cb%d", s.nextCB)
	s.callbacks[id] = &callbackState{}
	s.mu.Unlock()
	cq := CallbackQuery{ID: id, From: from, InlineMessageID: imid, ChatInstance: "inline", Data: data}
	return id, s.SendUpdate(Update{CallbackQuery: &cq})
}

// answerInline is answerInlineQuery; s.mu is held.
func (s *Server) answerInline(p url.Values) (any, *apiError) {
	q := s.inlineQueries[p.Get("inline_query_id")]
	if q == nil || q.answered {
		return nil, badRequest("query is too old and response timeout expired or query ID is invalid")
	}
	var results []InlineResult
	if err := json.Unmarshal([]byte(p.Get("results")), &results); err != nil {
		return nil, badRequest("can't parse inline query results JSON object")
	}
	if len(results) > 50 {
		return nil, badRequest("RESULTS_TOO_MUCH")
	}
	seen := map[string]bool{}
	for _, r := range results {
		switch {
		case r.Type != "article":
			return nil, badRequest("RESULT_TYPE_INVALID")
		case r.ID == "" || len(r.ID) > 64 || seen[r.ID]:
			return nil, badRequest("RESULT_ID_INVALID")
		case r.Title == "":
			return nil, badRequest("RESULT_TITLE_EMPTY")
		case strings.TrimSpace(r.InputMessageContent.MessageText) == "":
			return nil, badRequest("MESSAGE_EMPTY")
		}
		seen[r.ID] = true
		if r.ReplyMarkup != nil {
			raw, _ := json.Marshal(r.ReplyMarkup)
			if _, err := s.keyboard(url.Values{"reply_markup": {string(raw)}}, false); err != nil {
				return nil, err
			}
		}
	}
	q.answered, q.results = true, results
	return true, nil
}

// editInline edits inline message imid (the edit methods given
// inline_message_id); s.mu is held.
func (s *Server) editInline(method, imid string, p url.Values) (any, *apiError) {
	m := s.inlineMsgs[imid]
	if m == nil {
		return nil, badRequest("MESSAGE_ID_INVALID")
	}
	kb, err := s.keyboard(p, false)
	if err != nil {
		return nil, err
	}
	next := *m
	next.Keyboard = kb
	switch method {
	case "editMessageText":
		next.Text, next.ParseMode = p.Get("text"), p.Get("parse_mode")
		if strings.TrimSpace(next.Text) == "" {
			return nil, badRequest("message text is empty")
		}
		if utf16Len(next.Text) > 4096 {
			return nil, badRequest("MESSAGE_TOO_LONG")
		}
	case "editMessageCaption":
		return nil, badRequest("there is no caption in the message to edit")
	}
	a, _ := json.Marshal(m.Keyboard)
	b, _ := json.Marshal(next.Keyboard)
	if next.Text == m.Text && string(a) == string(b) {
		return nil, badRequest("message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message")
	}
	next.Edits++
	*m = next
	return true, nil
}
