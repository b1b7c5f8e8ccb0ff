// expected-error-line: 4
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
    "test.use"(%1) : (i32) -> ()
    %1 = "test.def"() : () -> i32
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
