; The tables and outputs of a kernel often reach the loop through a struct
; or an inlined function with restrict arguments: their loads and stores then
; carry alias scopes, not distinct noalias arguments. t2s-optvls asks alias
; analysis with each access's metadata, so a store between two members of a
; group does not stop the group when the scopes say it writes elsewhere, and
; still stops it when nothing says so.
; RUN: %t2s-opt -passes=t2s-optvls -mtriple=x86_64-unknown-linux-gnu -mattr=+avx2,+fma -pass-remarks=t2s-optvls -pass-remarks-missed=t2s-optvls -S %s -o - 2> %t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

; CHECK-LABEL: @scoped(
; CHECK-COUNT-4: load <2 x float>
; CHECK-NOT: load float
; CHECK: store float 0.000000e+00
; CHECK: ret <4 x float>
; REMARK: remark: <unknown>:0:0: replaced 2 scalarized gathers of <4 x float> by 4 loads of <2 x float>
define <4 x float> @scoped(ptr %P, i64 %j0, i64 %j1, i64 %j2, i64 %j3) {
  %x = load ptr, ptr %P, align 8
  %outp = getelementptr inbounds i8, ptr %P, i64 8
  %out = load ptr, ptr %outp, align 8
  %p0 = getelementptr inbounds float, ptr %x, i64 %j0
  %p1 = getelementptr inbounds float, ptr %x, i64 %j1
  %p2 = getelementptr inbounds float, ptr %x, i64 %j2
  %p3 = getelementptr inbounds float, ptr %x, i64 %j3
  %a00 = load float, ptr %p0, align 4, !alias.scope !3, !noalias !4
  %a01 = load float, ptr %p1, align 4, !alias.scope !3, !noalias !4
  %a02 = load float, ptr %p2, align 4, !alias.scope !3, !noalias !4
  %a03 = load float, ptr %p3, align 4, !alias.scope !3, !noalias !4
  %v0_0 = insertelement <4 x float> poison, float %a00, i64 0
  %v0_1 = insertelement <4 x float> %v0_0, float %a01, i64 1
  %v0_2 = insertelement <4 x float> %v0_1, float %a02, i64 2
  %v0 = insertelement <4 x float> %v0_2, float %a03, i64 3
  store float 0.0, ptr %out, align 4, !alias.scope !4, !noalias !3
  %q0 = getelementptr inbounds i8, ptr %p0, i64 4
  %a10 = load float, ptr %q0, align 4, !alias.scope !3, !noalias !4
  %q1 = getelementptr inbounds i8, ptr %p1, i64 4
  %a11 = load float, ptr %q1, align 4, !alias.scope !3, !noalias !4
  %q2 = getelementptr inbounds i8, ptr %p2, i64 4
  %a12 = load float, ptr %q2, align 4, !alias.scope !3, !noalias !4
  %q3 = getelementptr inbounds i8, ptr %p3, i64 4
  %a13 = load float, ptr %q3, align 4, !alias.scope !3, !noalias !4
  %v1_0 = insertelement <4 x float> poison, float %a10, i64 0
  %v1_1 = insertelement <4 x float> %v1_0, float %a11, i64 1
  %v1_2 = insertelement <4 x float> %v1_1, float %a12, i64 2
  %v1 = insertelement <4 x float> %v1_2, float %a13, i64 3
  %r = fadd <4 x float> %v0, %v1
  ret <4 x float> %r
}

; Without the scopes the store may write the table: the second field's loads
; stay after it.
; CHECK-LABEL: @unscoped(
; CHECK-NOT: load <2 x float>
; CHECK: store float 0.000000e+00
; CHECK: load float
; REMARK: remark: <unknown>:0:0: no adjacent access to combine with: the memref cannot be moved to the group's insertion point
define <4 x float> @unscoped(ptr %P, i64 %j0, i64 %j1, i64 %j2, i64 %j3) {
  %x = load ptr, ptr %P, align 8
  %outp = getelementptr inbounds i8, ptr %P, i64 8
  %out = load ptr, ptr %outp, align 8
  %p0 = getelementptr inbounds float, ptr %x, i64 %j0
  %p1 = getelementptr inbounds float, ptr %x, i64 %j1
  %p2 = getelementptr inbounds float, ptr %x, i64 %j2
  %p3 = getelementptr inbounds float, ptr %x, i64 %j3
  %a00 = load float, ptr %p0, align 4
  %a01 = load float, ptr %p1, align 4
  %a02 = load float, ptr %p2, align 4
  %a03 = load float, ptr %p3, align 4
  %v0_0 = insertelement <4 x float> poison, float %a00, i64 0
  %v0_1 = insertelement <4 x float> %v0_0, float %a01, i64 1
  %v0_2 = insertelement <4 x float> %v0_1, float %a02, i64 2
  %v0 = insertelement <4 x float> %v0_2, float %a03, i64 3
  store float 0.0, ptr %out, align 4
  %q0 = getelementptr inbounds i8, ptr %p0, i64 4
  %a10 = load float, ptr %q0, align 4
  %q1 = getelementptr inbounds i8, ptr %p1, i64 4
  %a11 = load float, ptr %q1, align 4
  %q2 = getelementptr inbounds i8, ptr %p2, i64 4
  %a12 = load float, ptr %q2, align 4
  %q3 = getelementptr inbounds i8, ptr %p3, i64 4
  %a13 = load float, ptr %q3, align 4
  %v1_0 = insertelement <4 x float> poison, float %a10, i64 0
  %v1_1 = insertelement <4 x float> %v1_0, float %a11, i64 1
  %v1_2 = insertelement <4 x float> %v1_1, float %a12, i64 2
  %v1 = insertelement <4 x float> %v1_2, float %a13, i64 3
  %r = fadd <4 x float> %v0, %v1
  ret <4 x float> %r
}

!0 = distinct !{!0, !"kernel"}
!1 = distinct !{!1, !0, !"kernel: table"}
!2 = distinct !{!2, !0, !"kernel: out"}
!3 = !{!1}
!4 = !{!2}
