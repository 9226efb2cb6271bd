package telegram

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// verdict says what to do after a failed API call.
type verdict struct {
	retry bool
	// wait is the server's retry_after (already scaled) when it gave one;
	// zero means "use the exponential backoff".
	wait time.Duration
	// migrateTo is the supergroup a group was upgraded to (retry there).
	migrateTo int64
}

// classify decides whether a failed call may be repeated. The library fills
// Error.Code only for plain requests; for uploads (sendPhoto) Code is 0 and
// only the description and ResponseParameters tell a 429 or a 5xx apart.
func classify(err error, retryUnit time.Duration) verdict {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return verdict{}
	}
	var te *tgbotapi.Error
	if !errors.As(err, &te) {
		// Network errors and undecodable bodies (an HTML 502 page from a
		// proxy) are transient.
		return verdict{retry: true}
	}
	if te.MigrateToChatID != 0 {
		return verdict{retry: true, migrateTo: te.MigrateToChatID}
	}
	if te.RetryAfter > 0 {
		return verdict{retry: true, wait: time.Duration(te.RetryAfter) * retryUnit}
	}
	switch code := errorCode(te); {
	case code == http.StatusTooManyRequests, code >= 500:
		return verdict{retry: true}
	default:
		return verdict{}
	}
}

// errorCode is the HTTP-like code of an API error, recovered from the
// description when the library left Code at 0 (uploads).
func errorCode(te *tgbotapi.Error) int {
	if te.Code != 0 {
		return te.Code
	}
	for _, p := range descriptionCodes {
		if strings.HasPrefix(te.Message, p.prefix) {
			return p.code
		}
	}
	return 0
}

// descriptionCodes maps the Bot API's description prefixes to their codes.
var descriptionCodes = [...]struct {
	prefix string
	code   int
}{
	{"Too Many Requests", http.StatusTooManyRequests},
	{"Bad Request", http.StatusBadRequest},
	{"Unauthorized", http.StatusUnauthorized},
	{"Forbidden", http.StatusForbidden},
	{"Not Found", http.StatusNotFound},
	{"Conflict", http.StatusConflict},
	{"Internal Server Error", http.StatusInternalServerError},
	{"Bad Gateway", http.StatusBadGateway},
	{"Service Unavailable", http.StatusServiceUnavailable},
	{"Gateway Timeout", http.StatusGatewayTimeout},
}

// unchanged reports the harmless error of an edit that changes nothing.
func unchanged(err error) bool {
	var te *tgbotapi.Error
	return errors.As(err, &te) && strings.Contains(te.Message, "message is not modified")
}

// gone reports an edit of a message that is no more (deleted).
func gone(err error) bool {
	var te *tgbotapi.Error
	return errors.As(err, &te) && strings.Contains(te.Message, "message to edit not found")
}

// isBadRequest reports a 400: the request itself is wrong, as sent.
func isBadRequest(err error) bool {
	var te *tgbotapi.Error
	return errors.As(err, &te) && errorCode(te) == http.StatusBadRequest
}
