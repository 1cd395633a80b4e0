//! The mnemo plugin ABI, version 1, for Rust (docs/plugins.md in the mnemo
//! repository is the contract; this crate is what `plugins/c/mnemo_plugin.h`
//! is for C).
//!
//! A plugin is a `cdylib` built for `wasm32-wasip1` (`wasm32-wasi` before
//! Rust 1.78). The crate gives it:
//!
//! - [`export_abi!`], invoked once, which defines the two exports every
//!   plugin has, `mnemo_abi_version` and `mnemo_alloc`;
//! - [`export!`], which defines `mnemo_describe`, `mnemo_configure` or a
//!   capability's export around a plain function of the request's bytes,
//!   taking the request buffer back and keeping the answer alive until the
//!   next call;
//! - safe wrappers over the host functions: [`llm_complete`], [`embed`],
//!   [`log`];
//! - [`json`], the little JSON *writing* every plugin needs (a quoted
//!   string, an error answer), so that a plugin with no dependencies can
//!   still answer correctly.
//!
//! The crate does not parse messages: it hands a plugin the request's bytes
//! (UTF-8 JSON) and lets it choose its parser. With crates.io at hand that
//! is `serde_json`; the example in `plugins/rust/example` reads the few
//! members it needs by hand instead.
//!
//! ```no_run
//! mnemo_plugin::export_abi!();
//! mnemo_plugin::export!(describe => describe);
//! mnemo_plugin::export!(rerank => rerank);
//!
//! fn describe() -> &'static str {
//!     r#"{"name":"my-reranker","version":"1.0.0","abi_version":1,"capabilities":["rerank"]}"#
//! }
//!
//! fn rerank(request: &[u8]) -> Vec<u8> {
//!     // parse request, score the candidates…
//!     br#"{"results":[]}"#.to_vec()
//! }
//! ```
//!
//! The exports are macros rather than functions of this crate because a
//! `#[no_mangle]` function of a dependency is exported from a WebAssembly
//! `cdylib` only if the plugin's crate refers to that dependency (so with
//! Rust 1.63 for `wasm32-wasi`): a plugin could lose `mnemo_alloc` by
//! moving code around. A macro defines them in the plugin's own crate,
//! where the linker always keeps them.
//!
//! Everything but the host imports compiles on every target, so a plugin's
//! logic can be unit-tested with a plain `cargo test`. Off `wasm32` there is
//! no host: [`llm_complete`] and [`embed`] return [`HostError::Denied`], as
//! they do for a plugin whose manifest grants nothing, and [`log`] does
//! nothing.
//!
//! A plugin instance is single-threaded and the host never calls into it
//! concurrently; the answer buffer is per thread.

#![warn(missing_docs, unsafe_op_in_unsafe_fn)]

use std::alloc::{alloc, dealloc, Layout};
use std::cell::RefCell;
use std::fmt;

pub mod json;

/// The ABI version this crate implements, returned by `mnemo_abi_version`
/// and expected as `abi_version` in the describe answer.
pub const ABI_VERSION: i32 = 1;

/// The level of a [`log`] line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum Level {
    /// Debug, `0`.
    Debug = 0,
    /// Info, `1`.
    Info = 1,
    /// Warn, `2`.
    Warn = 2,
    /// Error, `3`.
    Error = 3,
}

/// A negative return of a host function: an ABI-level failure. A request
/// the host ran and that failed (the model is down) is not one: it is a
/// normal result with an `"error"` member.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostError {
    /// `-1`: a pointer or length outside the plugin's memory.
    BadMemory,
    /// `-2`: `result_read` with no pending result.
    NoResult,
    /// `-3`: the plugin's manifest does not grant the function.
    Denied,
    /// `-4`: the request or the result is over the message size limit.
    TooLarge,
    /// `-5`: the per-call budget of `llm_complete` and `embed` calls is
    /// used up.
    Limit,
    /// Another negative code, from a newer host.
    Other(i32),
}

impl HostError {
    /// The error for a negative return code.
    pub fn from_code(code: i32) -> HostError {
        match code {
            -1 => HostError::BadMemory,
            -2 => HostError::NoResult,
            -3 => HostError::Denied,
            -4 => HostError::TooLarge,
            -5 => HostError::Limit,
            c => HostError::Other(c),
        }
    }

    /// The host's return code.
    pub fn code(self) -> i32 {
        match self {
            HostError::BadMemory => -1,
            HostError::NoResult => -2,
            HostError::Denied => -3,
            HostError::TooLarge => -4,
            HostError::Limit => -5,
            HostError::Other(c) => c,
        }
    }
}

impl fmt::Display for HostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self {
            HostError::BadMemory => "pointer or length outside the plugin's memory",
            HostError::NoResult => "no pending result",
            HostError::Denied => "not granted by the plugin's manifest",
            HostError::TooLarge => "over the message size limit",
            HostError::Limit => "host call budget used up",
            HostError::Other(_) => "unknown error",
        };
        write!(f, "mnemo host: {what} ({})", self.code())
    }
}

impl std::error::Error for HostError {}

/// Packs an answer's location as the exports return it: the pointer in the
/// high 32 bits, the length in the low 32.
pub fn pack(ptr: u32, len: u32) -> i64 {
    ((u64::from(ptr) << 32) | u64::from(len)) as i64
}

/// Splits a packed location into pointer and length, as the host does.
pub fn unpack(packed: i64) -> (u32, u32) {
    let p = packed as u64;
    ((p >> 32) as u32, p as u32)
}

thread_local! {
    // The last answer, kept until the next one replaces it.
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Keeps `bytes` until the next call and returns the packed location an
/// export returns. An empty answer is `0`. The location is the plugin's
/// memory only on `wasm32`, where pointers are 32 bits.
pub fn answer(bytes: impl Into<Vec<u8>>) -> i64 {
    let bytes = bytes.into();
    if bytes.is_empty() {
        OUTPUT.with(|out| *out.borrow_mut() = bytes);
        return 0;
    }
    OUTPUT.with(|out| {
        let mut out = out.borrow_mut();
        *out = bytes;
        pack(out.as_ptr() as usize as u32, out.len() as u32)
    })
}

/// What `mnemo_alloc` does: allocates `size` bytes for the host to write a
/// request into, and returns null (the host's "failed") if it cannot. A
/// request of 0 bytes gets a dangling, non-null pointer that must not be
/// read. Use it through [`export_abi!`].
pub fn alloc_request(size: i32) -> *mut u8 {
    if size < 0 {
        return std::ptr::null_mut();
    }
    if size == 0 {
        return std::ptr::NonNull::<u8>::dangling().as_ptr();
    }
    // SAFETY: the layout has a non-zero size.
    unsafe { alloc(Layout::array::<u8>(size as usize).expect("i32 size fits a layout")) }
}

/// Takes back the request the host wrote at `ptr`, `len` bytes in a buffer
/// from `mnemo_alloc`, as a `Vec` the caller owns. A `len` of 0 gives an
/// empty `Vec` whatever `ptr` is.
///
/// # Safety
///
/// Unless `len` is 0, `ptr` must be what `mnemo_alloc(len)` returned, and
/// the request must not be taken twice. The exports [`export!`] defines
/// call this for you.
pub unsafe fn take_request(ptr: *mut u8, len: i32) -> Vec<u8> {
    if len <= 0 || ptr.is_null() {
        return Vec::new();
    }
    let len = len as usize;
    // SAFETY: alloc_request allocated exactly len bytes with alignment 1
    // from the global allocator, and the host wrote all of them.
    unsafe { Vec::from_raw_parts(ptr, len, len) }
}

/// Frees a request buffer without reading it.
///
/// # Safety
///
/// As for [`take_request`].
pub unsafe fn free_request(ptr: *mut u8, len: i32) {
    if len > 0 && !ptr.is_null() {
        // SAFETY: as in take_request.
        unsafe {
            dealloc(
                ptr,
                Layout::array::<u8>(len as usize).expect("i32 size fits a layout"),
            )
        }
    }
}

/// Defines the two exports every plugin has: `mnemo_abi_version`, which
/// returns [`ABI_VERSION`], and `mnemo_alloc`, which allocates request
/// buffers. Invoke it once, at the top level of the plugin's crate.
#[macro_export]
macro_rules! export_abi {
    () => {
        #[no_mangle]
        pub extern "C" fn mnemo_abi_version() -> i32 {
            $crate::ABI_VERSION
        }

        #[no_mangle]
        pub extern "C" fn mnemo_alloc(size: i32) -> *mut u8 {
            $crate::alloc_request(size)
        }
    };
}

/// Defines one export around a plain function.
///
/// `export!(describe => f)` defines `mnemo_describe` around
/// `f() -> impl Into<Vec<u8>>`. `export!(name => f)`, where name is
/// `configure`, `extract`, `resolve_entities`, `resolve_facts`, `rerank` or
/// `summarize`, defines `mnemo_<name>` around `f(&[u8]) -> impl
/// Into<Vec<u8>>`: `f` gets the request's bytes and returns the answer
/// (`String`, `&str`, `Vec<u8>`…), which is kept until the next call. Any
/// other name does not compile, so a typo cannot export a function the host
/// never calls.
#[macro_export]
macro_rules! export {
    (describe => $f:path) => {
        #[no_mangle]
        pub extern "C" fn mnemo_describe() -> i64 {
            $crate::answer($f())
        }
    };
    (configure => $f:path) => {
        $crate::__export_message!(mnemo_configure, $f);
    };
    (extract => $f:path) => {
        $crate::__export_message!(mnemo_extract, $f);
    };
    (resolve_entities => $f:path) => {
        $crate::__export_message!(mnemo_resolve_entities, $f);
    };
    (resolve_facts => $f:path) => {
        $crate::__export_message!(mnemo_resolve_facts, $f);
    };
    (rerank => $f:path) => {
        $crate::__export_message!(mnemo_rerank, $f);
    };
    (summarize => $f:path) => {
        $crate::__export_message!(mnemo_summarize, $f);
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __export_message {
    ($name:ident, $f:path) => {
        /// # Safety
        ///
        /// Called by the host only, with what `mnemo_alloc(len)` returned,
        /// once, or with (0, 0).
        #[no_mangle]
        pub unsafe extern "C" fn $name(ptr: *mut u8, len: i32) -> i64 {
            // SAFETY: as the function's contract says.
            let request = unsafe { $crate::take_request(ptr, len) };
            $crate::answer($f(&request))
        }
    };
}

#[cfg(target_arch = "wasm32")]
mod imports {
    #[link(wasm_import_module = "mnemo")]
    extern "C" {
        pub fn llm_complete(ptr: *const u8, len: i32) -> i32;
        pub fn embed(ptr: *const u8, len: i32) -> i32;
        pub fn result_read(ptr: *mut u8, len: i32) -> i32;
        pub fn log(level: i32, ptr: *const u8, len: i32);
    }
}

/// Asks the host's LLM (`llm_complete`) with a JSON request and returns the
/// JSON result. A request the host ran and that failed is `Ok` with an
/// `"error"` member; `Err` is an ABI-level failure, such as
/// [`HostError::Denied`] when the manifest does not grant `allow_llm`.
/// List `llm_complete` in the describe answer's `imports`.
pub fn llm_complete(request: &[u8]) -> Result<Vec<u8>, HostError> {
    #[cfg(target_arch = "wasm32")]
    {
        // SAFETY: request is len readable bytes.
        let n = unsafe { imports::llm_complete(request.as_ptr(), len_i32(request)?) };
        read_result(n)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = request;
        Err(HostError::Denied)
    }
}

/// Asks the host for embeddings (`embed`), as [`llm_complete`] does the
/// LLM; the manifest must grant `allow_embed`.
pub fn embed(request: &[u8]) -> Result<Vec<u8>, HostError> {
    #[cfg(target_arch = "wasm32")]
    {
        // SAFETY: request is len readable bytes.
        let n = unsafe { imports::embed(request.as_ptr(), len_i32(request)?) };
        read_result(n)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = request;
        Err(HostError::Denied)
    }
}

#[cfg(target_arch = "wasm32")]
fn len_i32(b: &[u8]) -> Result<i32, HostError> {
    i32::try_from(b.len()).map_err(|_| HostError::TooLarge)
}

// read_result copies the pending result of n bytes out of the host.
#[cfg(target_arch = "wasm32")]
fn read_result(n: i32) -> Result<Vec<u8>, HostError> {
    if n < 0 {
        return Err(HostError::from_code(n));
    }
    let mut buf = vec![0u8; n as usize];
    // SAFETY: buf is n writable bytes.
    let m = unsafe { imports::result_read(buf.as_mut_ptr(), n) };
    if m < 0 {
        return Err(HostError::from_code(m));
    }
    buf.truncate(m as usize);
    Ok(buf)
}

/// Writes a line to the host's log, under the plugin's name. It never
/// fails: the host cuts lines at 4 KiB and drops lines past 100 in one
/// call. Off `wasm32` it does nothing.
pub fn log(level: Level, line: &str) {
    #[cfg(target_arch = "wasm32")]
    {
        let len = line.len().min(i32::MAX as usize) as i32;
        // SAFETY: line is at least len readable bytes.
        unsafe { imports::log(level as i32, line.as_ptr(), len) }
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (level, line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_unpack() {
        for (ptr, len) in [(0, 0), (1, 2), (0x0010_0000, 176), (u32::MAX, u32::MAX)] {
            assert_eq!(
                unpack(pack(ptr, len)),
                (ptr, len),
                "unpack(pack({ptr}, {len}))"
            );
        }
        assert_eq!(pack(0x10, 0xB0), 0x10_0000_00B0);
        assert_eq!(pack(0x8000_0000, 1), i64::MIN | 1);
    }

    #[test]
    fn answer_keeps_the_last_bytes() {
        let a = answer("{}");
        assert_eq!(a as u64 & 0xFFFF_FFFF, 2);
        OUTPUT.with(|out| assert_eq!(out.borrow().as_slice(), b"{}"));
        let b = answer(String::from("{\"results\":[]}"));
        assert_eq!(b as u64 & 0xFFFF_FFFF, 14);
        OUTPUT.with(|out| assert_eq!(out.borrow().as_slice(), b"{\"results\":[]}"));
        assert_eq!(answer(Vec::new()), 0, "an empty answer");
    }

    #[test]
    fn request_round_trip() {
        let msg = b"{\"query\":\"lisbon\"}";
        let ptr = alloc_request(msg.len() as i32);
        assert!(!ptr.is_null());
        // The host writes the request.
        unsafe { std::ptr::copy_nonoverlapping(msg.as_ptr(), ptr, msg.len()) };
        let got = unsafe { take_request(ptr, msg.len() as i32) };
        assert_eq!(got, msg);

        let ptr = alloc_request(3);
        unsafe { free_request(ptr, 3) };

        assert!(alloc_request(-1).is_null(), "alloc_request(-1)");
        let empty = alloc_request(0);
        assert!(
            !empty.is_null(),
            "alloc_request(0) is null, the host's failure"
        );
        assert!(unsafe { take_request(empty, 0) }.is_empty());
        assert!(unsafe { take_request(std::ptr::null_mut(), 0) }.is_empty());
    }

    #[test]
    fn host_errors() {
        for code in -6..=-1 {
            assert_eq!(HostError::from_code(code).code(), code);
        }
        assert_eq!(HostError::from_code(-3), HostError::Denied);
        assert_eq!(
            HostError::Denied.to_string(),
            "mnemo host: not granted by the plugin's manifest (-3)"
        );
    }

    #[test]
    fn off_wasm_the_host_grants_nothing() {
        assert_eq!(llm_complete(b"{}"), Err(HostError::Denied));
        assert_eq!(embed(b"{}"), Err(HostError::Denied));
        log(Level::Info, "dropped");
    }

    mod exports {
        // The macros expand in a crate of their own in a real plugin; here
        // they prove they compile and wire the pieces together.
        crate::export_abi!();
        crate::export!(describe => describe);
        crate::export!(rerank => echo);

        fn describe() -> &'static str {
            "{\"name\":\"t\"}"
        }

        fn echo(request: &[u8]) -> Vec<u8> {
            request.to_vec()
        }

        #[test]
        fn exports() {
            assert_eq!(mnemo_abi_version(), 1);
            assert_eq!(mnemo_describe() as u64 & 0xFFFF_FFFF, 12);
            let msg = b"{\"candidates\":[]}";
            let ptr = mnemo_alloc(msg.len() as i32);
            unsafe { std::ptr::copy_nonoverlapping(msg.as_ptr(), ptr, msg.len()) };
            let packed = unsafe { mnemo_rerank(ptr, msg.len() as i32) };
            assert_eq!(packed as u64 & 0xFFFF_FFFF, msg.len() as u64);
            super::OUTPUT.with(|out| assert_eq!(out.borrow().as_slice(), msg));
            let packed = unsafe { mnemo_rerank(std::ptr::null_mut(), 0) };
            assert_eq!(packed, 0, "an empty request echoed");
        }
    }
}
