; Directive metadata that does not parse (hand-written IR) is an error naming
; its source position, not a crash or a silently ignored directive.
; RUN: %not %t2s-opt -passes='print<t2s-directives>' -disable-output %s 2>&1 | FileCheck %s
; CHECK: error: m.cpp:3:15: malformed t2s.directive metadata: unknown T2S directive 'spacetime'; did you mean 'space_time'?

define void @f(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %c = icmp slt i32 %next, %n
  br i1 %c, label %loop, label %exit, !llvm.loop !0

exit:
  ret void
}

!0 = distinct !{!0, !1, !2}
!1 = !{!"t2s.loop.name", !"i"}
!2 = !{!"t2s.directive", !"spacetime(i)", !"m.cpp", i32 3, i32 15}
