; t2s-optvls replaces gathers of adjacent fields by contiguous loads of each
; lane's fields and shuffles that transpose them, when TargetTransformInfo says
; it is cheaper, and says so in a remark.
; RUN: %t2s-opt -passes=t2s-optvls -mtriple=x86_64-unknown-linux-gnu -mattr=+avx2,+fma -pass-remarks=t2s-optvls -pass-remarks-missed=t2s-optvls -S %s -o - 2> %t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

%struct.P3 = type { float, float, float }
%struct.C = type { double, double }

; Two fields of float: x[j] and x[j + 1].
; CHECK-LABEL: @pair_f32(
; CHECK-NOT: llvm.masked.gather
; CHECK: load <2 x float>
; CHECK: shufflevector
; CHECK: ret <8 x float>
; REMARK: remark: <unknown>:0:0: replaced 2 gathers of <8 x float> by 8 loads of <2 x float> and {{[0-9]+}} shuffles (cost {{[0-9]+}} instead of {{[0-9]+}})
define <8 x float> @pair_f32(ptr %x, <8 x i64> %j) {
  %p = getelementptr inbounds float, ptr %x, <8 x i64> %j
  %q = getelementptr i8, <8 x ptr> %p, i64 4
  %a = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %p, i32 4, <8 x i1> splat (i1 true), <8 x float> poison)
  %b = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %q, i32 4, <8 x i1> splat (i1 true), <8 x float> poison)
  %r = fadd <8 x float> %a, %b
  ret <8 x float> %r
}

; Three fields of a struct, through an index vector of i32 sign-extended.
; An odd block of 3 floats is read as a masked load of 4 (cheaper than the
; pieces a load of 3 becomes), then narrowed.
; CHECK-LABEL: @aos3(
; CHECK-NOT: llvm.masked.gather
; CHECK-COUNT-8: call <4 x float> @llvm.masked.load.v4f32.p0(ptr {{%[a-z.0-9]+}}, i32 4, <4 x i1> <i1 true, i1 true, i1 true, i1 false>, <4 x float> poison)
; REMARK: remark: <unknown>:0:0: replaced 3 gathers of <8 x float> by 8 loads of <3 x float>
define <8 x float> @aos3(ptr %p, <8 x i32> %idx) {
  %w = sext <8 x i32> %idx to <8 x i64>
  %px = getelementptr inbounds %struct.P3, ptr %p, <8 x i64> %w, i32 0
  %py = getelementptr inbounds %struct.P3, ptr %p, <8 x i64> %w, i32 1
  %pz = getelementptr inbounds %struct.P3, ptr %p, <8 x i64> %w, i32 2
  %x = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %px, i32 4, <8 x i1> splat (i1 true), <8 x float> poison)
  %y = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %py, i32 4, <8 x i1> splat (i1 true), <8 x float> poison)
  %z = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %pz, i32 4, <8 x i1> splat (i1 true), <8 x float> poison)
  %s = fadd <8 x float> %x, %y
  %t = fadd <8 x float> %s, %z
  ret <8 x float> %t
}

; Four fields of i32: x[4j .. 4j+3], VF 4.
; CHECK-LABEL: @quad_i32(
; CHECK-NOT: llvm.masked.gather
; CHECK: load <4 x i32>
define <4 x i32> @quad_i32(ptr %x, <4 x i64> %j) {
  %j4 = shl nsw <4 x i64> %j, splat (i64 2)
  %p0 = getelementptr inbounds i32, ptr %x, <4 x i64> %j4
  %p1 = getelementptr inbounds i32, <4 x ptr> %p0, i64 1
  %p2 = getelementptr inbounds i32, <4 x ptr> %p0, i64 2
  %p3 = getelementptr inbounds i32, <4 x ptr> %p0, i64 3
  %a = call <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr> %p0, i32 4, <4 x i1> splat (i1 true), <4 x i32> poison)
  %b = call <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr> %p1, i32 4, <4 x i1> splat (i1 true), <4 x i32> poison)
  %c = call <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr> %p2, i32 4, <4 x i1> splat (i1 true), <4 x i32> poison)
  %d = call <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr> %p3, i32 4, <4 x i1> splat (i1 true), <4 x i32> poison)
  %s1 = add <4 x i32> %a, %b
  %s2 = add <4 x i32> %c, %d
  %s = mul <4 x i32> %s1, %s2
  ret <4 x i32> %s
}

; Complex doubles, VF 2.
; CHECK-LABEL: @complex_f64(
; CHECK-NOT: llvm.masked.gather
; CHECK: load <2 x double>
define <2 x double> @complex_f64(ptr %c, <2 x i64> %j) {
  %pr = getelementptr inbounds %struct.C, ptr %c, <2 x i64> %j, i32 0
  %pi = getelementptr inbounds %struct.C, ptr %c, <2 x i64> %j, i32 1
  %re = call <2 x double> @llvm.masked.gather.v2f64.v2p0(<2 x ptr> %pr, i32 8, <2 x i1> splat (i1 true), <2 x double> poison)
  %im = call <2 x double> @llvm.masked.gather.v2f64.v2p0(<2 x ptr> %pi, i32 8, <2 x i1> splat (i1 true), <2 x double> poison)
  %m = fmul <2 x double> %re, %im
  ret <2 x double> %m
}

; i16 fields, VF 16.
; CHECK-LABEL: @pair_i16(
; CHECK-NOT: llvm.masked.gather
; CHECK: load <2 x i16>
define <16 x i16> @pair_i16(ptr %x, <16 x i64> %j) {
  %p = getelementptr inbounds i16, ptr %x, <16 x i64> %j
  %q = getelementptr inbounds i16, <16 x ptr> %p, i64 1
  %a = call <16 x i16> @llvm.masked.gather.v16i16.v16p0(<16 x ptr> %p, i32 2, <16 x i1> splat (i1 true), <16 x i16> poison)
  %b = call <16 x i16> @llvm.masked.gather.v16i16.v16p0(<16 x ptr> %q, i32 2, <16 x i1> splat (i1 true), <16 x i16> poison)
  %r = sub <16 x i16> %a, %b
  ret <16 x i16> %r
}

; Predicated lanes with a runtime mask: each lane's block is loaded only if
; its bit is set, and the passthru fills the others.
; CHECK-LABEL: @masked(
; CHECK-NOT: llvm.masked.gather
; CHECK: extractelement <8 x i1> %m, i64 0
; CHECK: call <2 x float> @llvm.masked.load.v2f32.p0
; CHECK: select <8 x i1> %m, <8 x float> {{.*}}, <8 x float> %pass
define <8 x float> @masked(ptr %x, <8 x i64> %j, <8 x i1> %m, <8 x float> %pass) {
  %p = getelementptr inbounds float, ptr %x, <8 x i64> %j
  %q = getelementptr inbounds float, <8 x ptr> %p, i64 1
  %a = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %p, i32 4, <8 x i1> %m, <8 x float> %pass)
  %b = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %q, i32 4, <8 x i1> %m, <8 x float> poison)
  %r = fadd <8 x float> %a, %b
  ret <8 x float> %r
}

; Constant masks: lanes off in both gathers get no load.
; CHECK-LABEL: @constant_mask(
; CHECK-NOT: llvm.masked.gather
; CHECK-COUNT-2: load <2 x float>
; CHECK-NOT: load <2 x float>
; CHECK: ret
define <4 x float> @constant_mask(ptr %x, <4 x i64> %j) {
  %p = getelementptr inbounds float, ptr %x, <4 x i64> %j
  %q = getelementptr inbounds float, <4 x ptr> %p, i64 1
  %a = call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> %p, i32 4, <4 x i1> <i1 true, i1 false, i1 true, i1 false>, <4 x float> poison)
  %b = call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> %q, i32 4, <4 x i1> <i1 true, i1 false, i1 true, i1 false>, <4 x float> poison)
  %r = fadd <4 x float> %a, %b
  ret <4 x float> %r
}

; Lane addresses from an index vector loaded from memory: each lane's index
; is loaded again as a scalar, rather than moved out of the vector register.
; CHECK-LABEL: @reloaded_index(
; CHECK: %optvls.index = load i32, ptr {{%[0-9]+}}, align 16
; CHECK: getelementptr inbounds i32, ptr %idx, i64 3
; CHECK-NOT: extractelement <4 x ptr>
; CHECK: ret
define <4 x float> @reloaded_index(ptr %x, ptr %idx) {
  %v = load <4 x i32>, ptr %idx, align 16
  %w = sext <4 x i32> %v to <4 x i64>
  %p = getelementptr inbounds float, ptr %x, <4 x i64> %w
  %q = getelementptr inbounds float, <4 x ptr> %p, i64 1
  %a = call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> %p, i32 4, <4 x i1> splat (i1 true), <4 x float> poison)
  %b = call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> %q, i32 4, <4 x i1> splat (i1 true), <4 x float> poison)
  %r = fadd <4 x float> %a, %b
  ret <4 x float> %r
}

; A store that may change the indices lies between: lanes are extracted.
; CHECK-LABEL: @index_may_change(
; CHECK-NOT: optvls.index
; CHECK: extractelement <4 x i32> %v, i64 0
define <4 x float> @index_may_change(ptr %x, ptr %idx, ptr %other) {
  %v = load <4 x i32>, ptr %idx, align 16
  store i32 0, ptr %other, align 4
  %w = sext <4 x i32> %v to <4 x i64>
  %p = getelementptr inbounds float, ptr %x, <4 x i64> %w
  %q = getelementptr inbounds float, <4 x ptr> %p, i64 1
  %a = call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> %p, i32 4, <4 x i1> splat (i1 true), <4 x float> poison)
  %b = call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> %q, i32 4, <4 x i1> splat (i1 true), <4 x float> poison)
  %r = fadd <4 x float> %a, %b
  ret <4 x float> %r
}

declare <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr>, i32, <8 x i1>, <8 x float>)
declare <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr>, i32, <4 x i1>, <4 x float>)
declare <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr>, i32, <4 x i1>, <4 x i32>)
declare <2 x double> @llvm.masked.gather.v2f64.v2p0(<2 x ptr>, i32, <2 x i1>, <2 x double>)
declare <16 x i16> @llvm.masked.gather.v16i16.v16p0(<16 x ptr>, i32, <16 x i1>, <16 x i16>)
