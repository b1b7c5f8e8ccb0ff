//! The Python bindings' test suite, run from `cargo test`: a virtual
//! environment under the target directory (kept between runs), maturin,
//! pytest and hypothesis in it (islpy too when it installs: the islpy
//! comparisons are skipped otherwise), `pip install ./python` (a dev-profile
//! build in its own target directory, so it never waits for this cargo's
//! lock), then pytest on `python/tests` — which also runs the README's
//! example `examples/python/tour.py`.
//!
//! Without a Python 3 with `venv` and `pip` the test prints
//! `SKIPPED: ...` and passes. `TESSERA_PYTHON` names the interpreter
//! (default `python3`).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The target directory this test binary was built in
/// (`<target>/<profile>/deps/python-<hash>`).
fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    exe.ancestors()
        .nth(3)
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"))
}

/// Runs `cmd`, printing it; returns whether it succeeded.
fn run(cmd: &mut Command) -> bool {
    eprintln!("$ {cmd:?}");
    match cmd.status() {
        Ok(status) => status.success(),
        Err(e) => {
            eprintln!("cannot run: {e}");
            false
        }
    }
}

#[test]
fn python_bindings_pass_their_pytest_suite() {
    let python = std::env::var("TESSERA_PYTHON").unwrap_or_else(|_| "python3".into());
    let has_pip = Command::new(&python)
        .args(["-c", "import venv, ensurepip"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_pip {
        println!("SKIPPED: no Python 3 with venv and pip ('{python}'): the Python bindings are not tested");
        return;
    }
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let base = target_dir().join("python");
    let venv = base.join("venv");
    let bin = venv.join("bin");
    let vpython = bin.join("python");
    if !vpython.exists() {
        assert!(
            run(Command::new(&python).arg("-m").arg("venv").arg(&venv)),
            "cannot create a virtual environment"
        );
    }
    let pip = |args: &[&str]| {
        let mut c = Command::new(&vpython);
        c.args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
        ])
        .args(args);
        c
    };
    assert!(
        run(&mut pip(&["maturin>=1.9.4,<2", "pytest", "hypothesis"])),
        "cannot install maturin, pytest and hypothesis"
    );
    if !run(&mut pip(&["islpy"])) {
        println!("note: islpy did not install: the comparisons with isl are skipped");
    }
    // The wheel: a dev-profile build (the tests need no optimized build)
    // in its own target directory; maturin comes from the venv.
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut install = pip(&["--no-build-isolation", "--force-reinstall", "--no-deps"]);
    install
        .arg(repo.join("python"))
        .env("PATH", &path)
        .env("CARGO_TARGET_DIR", base.join("build"))
        .env("MATURIN_PEP517_ARGS", "--profile dev");
    assert!(run(&mut install), "pip install ./python failed");
    let mut pytest = Command::new(&vpython);
    pytest
        .args(["-m", "pytest", "-p", "no:cacheprovider", "-q", "-rs"])
        .arg(repo.join("python").join("tests"))
        .current_dir(&repo)
        .env("PATH", &path);
    assert!(run(&mut pytest), "pytest failed");
}
