module @outer attributes {test.flag} {
  func.func @f() {
    return
  }
  module @inner {
    func.func private @g()
  }
}
