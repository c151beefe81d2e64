; The T2S passes have pipeline names: -print-pipeline-passes prints them (not
; their C++ class names), the printed pipeline parses again, and
; -print-after finds a pass by its name.
; RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,t2s-merge-ures,t2s-check-ures,print<t2s-ure>,t2s-space-time' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=PIPE
; PIPE: {{[Ff]}}unction(t2s-attach-pragmas,t2s-prepare-nests,t2s-merge-ures,t2s-check-ures,print<t2s-ure>,t2s-space-time),verify
; RUN: %t2s-opt -passes='function(t2s-attach-pragmas,t2s-prepare-nests,t2s-merge-ures,t2s-check-ures,print<t2s-ure>,t2s-space-time),verify' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=PIPE
; The emit pass is t2s-emit; t2s-emit-opencl, its older name, is the same pass.
; RUN: %t2s-opt -passes='t2s-report,t2s-emit' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=EMIT
; RUN: %t2s-opt -passes='t2s-report,t2s-emit-opencl' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=EMIT
; EMIT: t2s-report,t2s-emit,verify
; RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests' -print-after=t2s-attach-pragmas -disable-output %s 2>&1 | FileCheck %s --check-prefix=AFTER
; AFTER: IR Dump After t2s::AttachPragmasPass on f
; AFTER-NOT: IR Dump After

define void @f() {
  ret void
}
