; A two-loop nest as clang emits it at -O0 under the T2S front end: the markers
; become loop metadata on the loop each one precedes, and disappear.
; RUN: %t2s-opt -passes=t2s-attach-pragmas -S %s | FileCheck %s
; RUN: %t2s-opt -passes='t2s-attach-pragmas,print<t2s-directives>' -disable-output %s | FileCheck %s --check-prefix=PRINT

; CHECK-NOT: llvm.var.annotation(
; CHECK-NOT: @.str = {{.*}}t2s.loop:k
; CHECK-LABEL: define void @nest(
; CHECK: br label %inner.cond, !llvm.loop ![[INNER:[0-9]+]]
; CHECK: br label %outer.cond, !llvm.loop ![[OUTER:[0-9]+]]
; CHECK: ![[INNER]] = distinct !{![[INNER]], ![[MP:[0-9]+]], ![[INAME:[0-9]+]]}
; CHECK: ![[MP]] = !{!"llvm.loop.mustprogress"}
; CHECK: ![[INAME]] = !{!"t2s.loop.name", !"i"}
; CHECK: ![[OUTER]] = distinct !{![[OUTER]], ![[MP]], ![[ONAME:[0-9]+]], ![[D1:[0-9]+]], ![[D2:[0-9]+]]}
; CHECK: ![[ONAME]] = !{!"t2s.loop.name", !"k"}
; CHECK: ![[D1]] = !{!"t2s.directive", !"space_time(i) schedule(2)", !"p.cpp", i32 2, i32 15}
; CHECK: ![[D2]] = !{!"t2s.directive", !"ure", !"p.cpp", i32 4, i32 15}

; PRINT:      t2s directives of 'nest':
; PRINT-NEXT:   loop 'k' at %outer.cond
; PRINT-NEXT:     #pragma t2s space_time(i) schedule(2)  @ p.cpp:2:15
; PRINT-NEXT:     #pragma t2s ure  @ p.cpp:4:15
; PRINT-NEXT:     loop 'i' at %inner.cond
; PRINT-NOT: #pragma

@.str = private unnamed_addr constant [11 x i8] c"t2s.loop:k\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [6 x i8] c"p.cpp\00", section "llvm.metadata"
@.str.2 = private unnamed_addr constant [45 x i8] c"t2s.directive:2:15:space_time(i) schedule(2)\00", section "llvm.metadata"
@.str.3 = private unnamed_addr constant [23 x i8] c"t2s.directive:4:15:ure\00", section "llvm.metadata"
@.str.4 = private unnamed_addr constant [11 x i8] c"t2s.loop:i\00", section "llvm.metadata"

define void @nest(ptr %a, i32 %n) {
entry:
  %k = alloca i32, align 4
  %i = alloca i32, align 4
  call void @llvm.var.annotation.p0.p0(ptr %k, ptr @.str, ptr @.str.1, i32 5, ptr null)
  call void @llvm.var.annotation.p0.p0(ptr %k, ptr @.str.2, ptr @.str.1, i32 5, ptr null)
  call void @llvm.var.annotation.p0.p0(ptr %k, ptr @.str.3, ptr @.str.1, i32 5, ptr null)
  store i32 0, ptr %k, align 4
  br label %outer.cond

outer.cond:
  %kv = load i32, ptr %k, align 4
  %kc = icmp slt i32 %kv, 4
  br i1 %kc, label %outer.body, label %exit

outer.body:
  call void @llvm.var.annotation.p0.p0(ptr %i, ptr @.str.4, ptr @.str.1, i32 6, ptr null)
  store i32 0, ptr %i, align 4
  br label %inner.cond

inner.cond:
  %iv = load i32, ptr %i, align 4
  %ic = icmp slt i32 %iv, %n
  br i1 %ic, label %inner.body, label %outer.latch

inner.body:
  %idx = sext i32 %iv to i64
  %p = getelementptr inbounds i32, ptr %a, i64 %idx
  %x = load i32, ptr %p, align 4
  %y = add nsw i32 %x, %kv
  store i32 %y, ptr %p, align 4
  %inext = add nsw i32 %iv, 1
  store i32 %inext, ptr %i, align 4
  br label %inner.cond, !llvm.loop !0

outer.latch:
  %knext = add nsw i32 %kv, 1
  store i32 %knext, ptr %k, align 4
  br label %outer.cond, !llvm.loop !2

exit:
  ret void
}

declare void @llvm.var.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
!2 = distinct !{!2, !1}
