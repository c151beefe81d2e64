; At -O0 every function is optnone; the pass is required and runs anyway, alone
; and in the default O0 and O2 pipelines (registered at PipelineStart).
; RUN: %t2s-opt -passes=t2s-attach-pragmas -S %s | FileCheck %s
; RUN: %t2s-opt -passes='default<O0>' -S %s | FileCheck %s
; RUN: %t2s-opt -passes='default<O2>' -S %s | FileCheck %s --check-prefix=O2

; CHECK-NOT: call void @llvm.var.annotation
; CHECK: br label %cond, !llvm.loop ![[L:[0-9]+]]
; CHECK: ![[L]] = distinct !{![[L]], ![[N:[0-9]+]], ![[D:[0-9]+]]}
; CHECK: ![[N]] = !{!"t2s.loop.name", !"q"}
; CHECK: ![[D]] = !{!"t2s.directive", !"unroll(q)", !"k.cpp", i32 3, i32 13}

; O2-NOT: call void @llvm.var.annotation
; O2: !{!"t2s.loop.name", !"q"}
; O2: !{!"t2s.directive", !"unroll(q)", !"k.cpp", i32 3, i32 13}

@name = private unnamed_addr constant [11 x i8] c"t2s.loop:q\00", section "llvm.metadata"
@dir = private unnamed_addr constant [29 x i8] c"t2s.directive:3:13:unroll(q)\00", section "llvm.metadata"
@file = private unnamed_addr constant [6 x i8] c"k.cpp\00", section "llvm.metadata"

define void @loader(ptr %out, i32 %n) #0 {
entry:
  %q = alloca i32, align 4
  call void @llvm.var.annotation.p0.p0(ptr %q, ptr @name, ptr @file, i32 4, ptr null)
  call void @llvm.var.annotation.p0.p0(ptr %q, ptr @dir, ptr @file, i32 4, ptr null)
  store i32 0, ptr %q, align 4
  br label %cond

cond:
  %v = load i32, ptr %q, align 4
  %c = icmp slt i32 %v, %n
  br i1 %c, label %body, label %exit

body:
  %idx = sext i32 %v to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %idx
  store volatile i32 %v, ptr %p, align 4
  %next = add nsw i32 %v, 1
  store i32 %next, ptr %q, align 4
  br label %cond

exit:
  ret void
}

declare void @llvm.var.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)

attributes #0 = { noinline nounwind optnone }
