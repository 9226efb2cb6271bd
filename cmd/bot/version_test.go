package main

import (
	"bytes"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestVersionFromBuildStamp builds the bot as the release script does (the
// VCS stamp on, a tag by -X) and checks that `bot version` names the tag and
// the checkout's commit; a build without the tag names its commit alone.
func TestVersionFromBuildStamp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the bot")
	}
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("not a git checkout (%v): no VCS stamp to read", err)
	}
	rev := strings.TrimSpace(string(head))[:12]
	dir := t.TempDir()
	for _, tc := range []struct {
		name, ldflags, want string
	}{
		{"tagged", "-X main.version=v9.8.7", "oyunbot v9.8.7 (" + rev},
		{"untagged", "", "(" + rev},
	} {
		bin := filepath.Join(dir, tc.name)
		args := []string{"build", "-buildvcs=true", "-o", bin}
		if tc.ldflags != "" {
			args = append(args, "-ldflags="+tc.ldflags)
		}
		if out, err := exec.Command("go", append(args, ".")...).CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
		out, err := exec.Command(bin, "version").CombinedOutput()
		if err != nil {
			t.Fatalf("bot version: %v\n%s", err, out)
		}
		if !strings.Contains(string(out), tc.want) || !strings.Contains(string(out), "go1.") {
			t.Errorf("%s: bot version said %q, want %q and the toolchain", tc.name, out, tc.want)
		}
	}
	// The bot's log opens with the same: a console bot whose input ends at once.
	db, boards := botEnv(t)
	cmd := exec.Command(filepath.Join(dir, "tagged"), "-env", "")
	cmd.Env = append(os.Environ(), "OYUNBOT_DB="+db, "OYUNBOT_BOARDS="+boards, "OYUNBOT_LOG_LEVEL=info")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the bot: %v\n%s", err, stderr.String())
	}
	first, _, _ := strings.Cut(stderr.String(), "\n")
	if !strings.Contains(first, "msg=oyunbot") || !strings.Contains(first, "v9.8.7 ("+rev) {
		t.Errorf("the log's first line is %q, want the version", first)
	}
}

// TestVersionString: the one-line form of the stamp.
func TestVersionString(t *testing.T) {
	b := buildInfo{Version: "v1.2.0", Revision: "0123456789abcdef0123", Time: "2026-12-06T03:48:00Z", Modified: true, Go: "go1.26.8"}
	if got, want := b.String(), "v1.2.0 (0123456789ab+dirty, 2026-12-06T03:48:00Z) go1.26.8"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got := (buildInfo{Version: "devel"}).String(); got != "devel" {
		t.Errorf("no stamp: %q, want devel", got)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"version"}, nil, &out, &errOut); code != 0 || !strings.HasPrefix(out.String(), "oyunbot ") {
		t.Errorf("bot version: exit %d, %q %q", code, out.String(), errOut.String())
	}
	if code := run([]string{"version", "extra"}, nil, &out, &errOut); code != 2 {
		t.Errorf("bot version extra: exit %d, want 2", code)
	}
}

// TestHealthcheckAnswers: `bot healthcheck` exits 0 on 200, 1 on 503 or on
// no answer, 2 when there is nothing to ask (the web off), and 0 then with
// -optional (the image's probe).
func TestHealthcheckAnswers(t *testing.T) {
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" {
			http.NotFound(w, r)
			return
		}
		w.WriteHeader(status)
		w.Write([]byte(`{"ok":true}`))
	}))
	defer srv.Close()
	check := func(args ...string) (int, string) {
		var out, errOut bytes.Buffer
		code := run(append([]string{"healthcheck", "-env", "", "-timeout", "10s"}, args...), nil, &out, &errOut)
		return code, out.String() + errOut.String()
	}
	if code, out := check("-url", srv.URL+"/healthz"); code != 0 || !strings.Contains(out, `"ok":true`) {
		t.Errorf("healthy server: exit %d, %q", code, out)
	}
	status = http.StatusServiceUnavailable
	if code, out := check("-url", srv.URL+"/healthz"); code != 1 || !strings.Contains(out, "503") {
		t.Errorf("503: exit %d, %q", code, out)
	}
	// Nothing listening: a port just freed.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	if code, out := check("-url", "http://"+addr+"/healthz"); code != 1 || !strings.Contains(out, "unhealthy") {
		t.Errorf("no server: exit %d, %q", code, out)
	}
	t.Setenv("OYUNBOT_WEB_ADDR", "")
	if code, out := check(); code != 2 || !strings.Contains(out, "OYUNBOT_WEB_ADDR") {
		t.Errorf("web off: exit %d, %q", code, out)
	}
	if code, out := check("-optional"); code != 0 || !strings.Contains(out, "off") {
		t.Errorf("web off, -optional: exit %d, %q", code, out)
	}
	// The address from the configuration, asked on the loopback.
	status = http.StatusOK
	t.Setenv("OYUNBOT_WEB_ADDR", ":"+srv.URL[strings.LastIndex(srv.URL, ":")+1:])
	if code, out := check(); code != 0 {
		t.Errorf("OYUNBOT_WEB_ADDR %s: exit %d, %q", os.Getenv("OYUNBOT_WEB_ADDR"), code, out)
	}
}

func TestLocalHealthURL(t *testing.T) {
	for addr, want := range map[string]string{
		":8080":          "http://127.0.0.1:8080/healthz",
		"0.0.0.0:8080":   "http://127.0.0.1:8080/healthz",
		"[::]:8080":      "http://[::1]:8080/healthz",
		"10.0.0.5:9000":  "http://10.0.0.5:9000/healthz",
		"localhost:8080": "http://localhost:8080/healthz",
	} {
		if got, err := localHealthURL(addr); err != nil || got != want {
			t.Errorf("localHealthURL(%q) = %q, %v; want %q", addr, got, err, want)
		}
	}
	if _, err := localHealthURL("8080"); err == nil {
		t.Error("localHealthURL(\"8080\"): no error")
	}
}

// TestHealthcheckOfARunningBot runs the bot with its web pages and asks it
// with `bot healthcheck` as a container would: healthy while it runs,
// unhealthy once it is gone.
func TestHealthcheckOfARunningBot(t *testing.T) {
	bin := botBinary(t)
	db, boards := botEnv(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	env := append(os.Environ(), "OYUNBOT_DB="+db, "OYUNBOT_BOARDS="+boards, "OYUNBOT_WEB_ADDR="+addr)
	c := startChild(t, bin, env)
	probe := func() (int, string) {
		cmd := exec.Command(bin, "healthcheck", "-env", "")
		cmd.Env = env
		out, _ := cmd.CombinedOutput()
		return cmd.ProcessState.ExitCode(), string(out)
	}
	// Until the server listens the probe fails; a container retries too.
	deadline := time.Now().Add(platformPatience)
	for {
		code, out := probe()
		if code == 0 {
			if !strings.Contains(out, `"store":"ok"`) || !strings.Contains(out, `"version":"`) {
				t.Errorf("healthy, but the answer was %q", out)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bot never became healthy: exit %d, %q\n%s", code, out, c.output())
		}
		time.Sleep(100 * time.Millisecond)
	}
	c.cmd.Process.Kill()
	<-c.done
	c.cmd.Wait()
	if code, out := probe(); code != 1 {
		t.Errorf("after the bot was killed: exit %d, %q; want 1", code, out)
	}
}

// TestReleaseReproducible runs deploy/release in two clones of the commit,
// in different folders, and compares the sums: the same bytes. It compiles
// the whole bot afresh (-trimpath, no cgo: a minute or more on two cores),
// so it runs only when asked: OYUNBOT_TEST_RELEASE=1 go test ./cmd/bot -run
// TestReleaseReproducible.
func TestReleaseReproducible(t *testing.T) {
	if os.Getenv("OYUNBOT_TEST_RELEASE") == "" {
		t.Skip("set OYUNBOT_TEST_RELEASE=1: builds the release twice")
	}
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	head, _ := exec.Command("git", "rev-parse", "HEAD").Output()
	var sums [2]string
	for i := range sums {
		dir := filepath.Join(t.TempDir(), "clone"+string(rune('a'+i)))
		if out, err := exec.Command("git", "clone", "-q", "--no-local", strings.TrimSpace(string(top)), dir).CombinedOutput(); err != nil {
			t.Fatalf("git clone: %v\n%s", err, out)
		}
		cmd := exec.Command("bash", "deploy/release", "v0.0.0-repro")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "OUT="+filepath.Join(dir, "dist"), "TARGETS=linux/amd64")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("deploy/release: %v\n%s", err, out)
		}
		b, err := os.ReadFile(filepath.Join(dir, "dist", "SHA256SUMS"))
		if err != nil {
			t.Fatal(err)
		}
		sums[i] = string(b)
		out, err := exec.Command(filepath.Join(dir, "dist", "oyunbot_v0.0.0-repro_linux_amd64"), "version").CombinedOutput()
		if err != nil || !strings.Contains(string(out), "v0.0.0-repro ("+strings.TrimSpace(string(head))[:12]) {
			t.Errorf("the release binary's version: %q, %v", out, err)
		}
	}
	if sums[0] != sums[1] || !strings.Contains(sums[0], "oyunbot_v0.0.0-repro_linux_amd64") {
		t.Errorf("two builds of one commit differ:\n%s\n%s", sums[0], sums[1])
	}
}
