package host

import (
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// The plugins' compilation cache (plugins.cache_dir) holds machine code
// that wazero compiled from the plugins, so that the next process loads
// it instead of compiling again (seconds per plugin on a small board). It
// is a cache of this machine, not data: it lives in the user's cache
// directory, never in the database directory, where it would be backed
// up, counted and grow the data disk (issue 34: 22 of a database's
// 40 MiB). wazero keeps one subdirectory per wazero version, so binaries
// of different versions share the directory without mixing their code.

// CacheOff is the value of plugins.cache_dir that keeps compiled plugins
// in memory only.
const CacheOff = "off"

// oldCacheDir is where mnemo kept the compilation cache before it moved
// to the user's cache directory: inside the database directory.
const oldCacheDir = "wasm-cache"

// defaultCacheDir is the default of plugins.cache_dir: mnemo/wasm-cache
// in the user's cache directory, or "" when the environment names none.
func defaultCacheDir(getenv func(string) string) string {
	dir, err := userCacheDir(getenv)
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "mnemo", "wasm-cache")
}

// userCacheDir is os.UserCacheDir reading the environment through getenv,
// so that the configuration is loaded from one environment.
func userCacheDir(getenv func(string) string) (string, error) {
	var dir string
	switch runtime.GOOS {
	case "windows":
		dir = getenv("LocalAppData")
		if dir == "" {
			return "", errors.New("%LocalAppData% is not defined")
		}
	case "darwin", "ios":
		dir = getenv("HOME")
		if dir == "" {
			return "", errors.New("$HOME is not defined")
		}
		dir = filepath.Join(dir, "Library", "Caches")
	case "plan9":
		dir = getenv("home")
		if dir == "" {
			return "", errors.New("$home is not defined")
		}
		dir = filepath.Join(dir, "lib", "cache")
	default:
		dir = getenv("XDG_CACHE_HOME")
		if dir == "" {
			dir = getenv("HOME")
			if dir == "" {
				return "", errors.New("neither $XDG_CACHE_HOME nor $HOME are defined")
			}
			dir = filepath.Join(dir, ".cache")
		}
	}
	if !filepath.IsAbs(dir) {
		return "", errors.New("the user's cache directory is a relative path")
	}
	return dir, nil
}

// compileCache returns the directory of the compilation cache that the
// configuration names, created and writable, or "" to compile in memory:
// when plugins.cache_dir is off, when no user cache directory was found
// for its default, or when the directory cannot be created or written.
// A cache is not worth failing for: the last two are logged, once per
// call, and mnemo runs on without one. With create false (commands that
// load plugins without opening the database), a directory inside the
// database directory is not created, since the store refuses a directory
// that holds files and no database.
func (c Config) compileCache(log *slog.Logger, create bool) string {
	dir := c.Plugins.CacheDir
	switch dir {
	case CacheOff:
		return ""
	case "":
		log.Warn("no cache directory for the compiled plugins ($XDG_CACHE_HOME and $HOME are unset): plugins are compiled at every start; plugins.cache_dir names a directory")
		return ""
	}
	if !create && within(c.DB, dir) {
		if _, err := os.Stat(dir); err != nil {
			return ""
		}
	}
	if err := usableDir(dir); err != nil {
		log.Warn("the plugins' compilation cache is unusable: plugins are compiled at every start", "plugins.cache_dir", dir, "err", err)
		return ""
	}
	return dir
}

// usableDir creates dir if needed and checks that files can be written
// in it: wazero writes the compiled code after compiling and fails the
// compilation when it cannot.
func usableDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".probe-*")
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

// within reports whether path is dir or lies under it.
func within(dir, path string) bool {
	if dir == "" {
		return false
	}
	a, err1 := filepath.Abs(dir)
	b, err2 := filepath.Abs(path)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(a, b)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// removeOldCache deletes the compilation cache that earlier versions of
// mnemo kept in the database directory (<db>/wasm-cache), unless
// plugins.cache_dir names it: it holds nothing but compiled code, which
// the cache in use gets again when needed. A directory of that name that
// holds anything wazero did not write (wazero-<version>-<arch>-<os>
// directories) is left as it is, with a warning. It runs with the
// database open, so that no other mnemo uses the directory.
func (c Config) removeOldCache(log *slog.Logger) {
	old := filepath.Join(c.DB, oldCacheDir)
	if c.DB == "" || c.Plugins.CacheDir != CacheOff && c.Plugins.CacheDir != "" && sameDir(old, c.Plugins.CacheDir) {
		return
	}
	entries, err := os.ReadDir(old)
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	if err != nil {
		log.Warn("read the old plugin compilation cache in the database directory", "dir", old, "err", err)
		return
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), "wazero-") {
			log.Warn("not removing the old plugin compilation cache from the database directory: it holds files mnemo did not write", "dir", old, "file", e.Name())
			return
		}
	}
	size := dirSize(old)
	if err := os.RemoveAll(old); err != nil {
		log.Warn("remove the old plugin compilation cache from the database directory", "dir", old, "err", err)
		return
	}
	log.Info("removed the old plugin compilation cache from the database directory (the cache is now plugins.cache_dir)",
		"dir", old, "freed_mib", size>>20, "plugins.cache_dir", c.Plugins.CacheDir)
}

// sameDir reports whether a and b name the same directory.
func sameDir(a, b string) bool {
	x, err1 := filepath.Abs(a)
	y, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && x == y
}

// dirSize is the size of the regular files under dir.
func dirSize(dir string) int64 {
	var n int64
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil {
				n += fi.Size()
			}
		}
		return nil
	})
	return n
}
