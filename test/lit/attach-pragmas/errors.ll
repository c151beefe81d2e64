; Markers that cannot be attached are errors that name the pragma's source line,
; never a crash or a silently dropped directive. (opt stops at its first error,
; so each case is a module of its own.)
; RUN: rm -rf %t && split-file %s %t
; RUN: %not %t2s-opt -passes=t2s-attach-pragmas -disable-output %t/no_loop.ll 2>&1 | FileCheck %s --check-prefix=NOLOOP
; RUN: %not %t2s-opt -passes=t2s-attach-pragmas -disable-output %t/bad_text.ll 2>&1 | FileCheck %s --check-prefix=TEXT
; RUN: %not %t2s-opt -passes=t2s-attach-pragmas -disable-output %t/malformed.ll 2>&1 | FileCheck %s --check-prefix=MALFORMED
; RUN: %not %t2s-opt -passes=t2s-attach-pragmas -disable-output %t/other.ll 2>&1 | FileCheck %s --check-prefix=OTHER
; RUN: %not %t2s-opt -passes=t2s-attach-pragmas -disable-output %t/bad_extent.ll 2>&1 | FileCheck %s --check-prefix=EXTENT
; A good extent marker on a parameter's alloca becomes the function's
; !t2s.arg.extents: the bytes per argument, 0 for the others.
; RUN: %t2s-opt -passes=t2s-attach-pragmas -S %t/extent.ll | FileCheck %s --check-prefix=EXTENTS
; RUN: %not %t2s-opt -passes=t2s-attach-pragmas -disable-output %t/with_debug_loc.ll 2>&1 | FileCheck %s --check-prefix=DEBUGLOC

; NOLOOP: error: e.cpp:7:15: t2s marker 't2s.directive:7:15:ure' is not directly followed by a loop; a '#pragma t2s' line must stand right above the 'for' loop it applies to
; TEXT: error: e.cpp:9:13: unknown T2S directive 'spacetime'; did you mean 'space_time'?
; MALFORMED: error: e.cpp:3:0: malformed t2s directive marker 't2s.directive:x:ure'
; OTHER: error: e.cpp:4:0: unknown t2s marker 't2s.other:1'
; EXTENT: error: e.cpp:2:0: malformed t2s extent marker 't2s.extent:16x'
; EXTENTS: define void @extent(ptr %x, i32 %n, ptr %y) !t2s.arg.extents [[EXTENTS:![0-9]+]]
; EXTENTS-NOT: call void @llvm.var.annotation
; EXTENTS: [[EXTENTS]] = !{i64 64, i64 0, i64 0}
; With a subprogram the error carries a DILocation (what clang maps to the line).
; DEBUGLOC: error: d.cpp:12:5: in function with_debug_loc void (i32): unknown T2S directive 'gatherr'; did you mean 'gather'?

;--- no_loop.ll
@file = private unnamed_addr constant [6 x i8] c"e.cpp\00", section "llvm.metadata"
@ure = private unnamed_addr constant [23 x i8] c"t2s.directive:7:15:ure\00", section "llvm.metadata"

define void @no_loop(ptr %a) {
entry:
  %x = alloca i32, align 4
  call void @llvm.var.annotation.p0.p0(ptr %x, ptr @ure, ptr @file, i32 8, ptr null)
  store i32 1, ptr %a, align 4
  ret void
}

declare void @llvm.var.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)

;--- bad_text.ll
@file = private unnamed_addr constant [6 x i8] c"e.cpp\00", section "llvm.metadata"
@typo = private unnamed_addr constant [35 x i8] c"t2s.directive:9:13:spacetime(i, j)\00", section "llvm.metadata"

define void @bad_text(i32 %n) {
entry:
  %k = alloca i32, align 4
  call void @llvm.var.annotation.p0.p0(ptr %k, ptr @typo, ptr @file, i32 10, ptr null)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %c = icmp slt i32 %next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

declare void @llvm.var.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)

;--- malformed.ll
@file = private unnamed_addr constant [6 x i8] c"e.cpp\00", section "llvm.metadata"
@malformed = private unnamed_addr constant [20 x i8] c"t2s.directive:x:ure\00", section "llvm.metadata"

define void @bad_marker(i32 %n) {
entry:
  %k = alloca i32, align 4
  call void @llvm.var.annotation.p0.p0(ptr %k, ptr @malformed, ptr @file, i32 3, ptr null)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %c = icmp slt i32 %next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

declare void @llvm.var.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)

;--- other.ll
@file = private unnamed_addr constant [6 x i8] c"e.cpp\00", section "llvm.metadata"
@other = private unnamed_addr constant [12 x i8] c"t2s.other:1\00", section "llvm.metadata"

define void @other_marker(i32 %n) {
entry:
  %k = alloca i32, align 4
  call void @llvm.var.annotation.p0.p0(ptr %k, ptr @other, ptr @file, i32 4, ptr null)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %c = icmp slt i32 %next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

declare void @llvm.var.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)

;--- with_debug_loc.ll
@file = private unnamed_addr constant [6 x i8] c"d.cpp\00", section "llvm.metadata"
@typo = private unnamed_addr constant [37 x i8] c"t2s.directive:12:5:gatherr(C, i, up)\00", section "llvm.metadata"

define void @with_debug_loc(i32 %n) !dbg !3 {
entry:
  %k = alloca i32, align 4
  call void @llvm.var.annotation.p0.p0(ptr %k, ptr @typo, ptr @file, i32 13, ptr null)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %c = icmp slt i32 %next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

declare void @llvm.var.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!5}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: NoDebug)
!1 = !DIFile(filename: "d.cpp", directory: "/src")
!2 = !DISubroutineType(types: !{})
!3 = distinct !DISubprogram(name: "with_debug_loc", scope: !1, file: !1, line: 10, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!5 = !{i32 2, !"Debug Info Version", i32 3}

;--- bad_extent.ll
@file = private unnamed_addr constant [6 x i8] c"e.cpp\00", section "llvm.metadata"
@bad = private unnamed_addr constant [15 x i8] c"t2s.extent:16x\00", section "llvm.metadata"

define void @bad_extent(ptr %x) {
entry:
  %x.addr = alloca ptr, align 8
  store ptr %x, ptr %x.addr, align 8
  call void @llvm.var.annotation.p0.p0(ptr %x.addr, ptr @bad, ptr @file, i32 2, ptr null)
  ret void
}

declare void @llvm.var.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)

;--- extent.ll
@file = private unnamed_addr constant [6 x i8] c"e.cpp\00", section "llvm.metadata"
@bytes = private unnamed_addr constant [14 x i8] c"t2s.extent:64\00", section "llvm.metadata"

define void @extent(ptr %x, i32 %n, ptr %y) {
entry:
  %x.addr = alloca ptr, align 8
  store ptr %x, ptr %x.addr, align 8
  call void @llvm.var.annotation.p0.p0(ptr %x.addr, ptr @bytes, ptr @file, i32 2, ptr null)
  ret void
}

declare void @llvm.var.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)
