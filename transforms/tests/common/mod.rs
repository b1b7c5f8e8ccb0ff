//! Support shared by the integration tests.
#![allow(dead_code)]

pub mod mlir;
pub mod nestgen;
